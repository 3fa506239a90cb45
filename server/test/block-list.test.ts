import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { blockList, wildcardMatch } from '../src/modules/files/block-list.ts'

const matches = (pattern: string, name: string) => wildcardMatch(pattern.split('*'), name)

describe('block-list wildcards', () => {
  it('match as a shell glob with * alone', () => {
    expect(matches('banned-*.png', 'banned-1.png')).toBe(true)
    expect(matches('banned-*.png', 'banned-.png')).toBe(true)
    expect(matches('banned-*.png', 'banned.png')).toBe(false)
    expect(matches('a*b*b', 'abbb')).toBe(true)
    expect(matches('ab*ba', 'aba')).toBe(false) // the two ends may not share a character
    expect(matches('*-*-*.mp4', 'x-y-z.mp4')).toBe(true)
    expect(matches('*-*-*.mp4', 'x-y.mp4')).toBe(false)
    expect(matches('a***b', 'ab')).toBe(true)
    expect(matches('*', '')).toBe(true)
    expect(matches('exact.png', 'exact.png')).toBe(true)
    expect(matches('exact.png', 'exact.pngx')).toBe(false)
    expect(matches('*.*', 'a.b.c')).toBe(true)
  })

  it('compare in any letter case and refuse names over 255 characters before matching', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'block-list-'))
    await writeFile(path.join(dir, 'blocklist.txt'), 'Banned-*.PNG\n')
    const list = blockList(dir)
    expect(await list.match('uploads/BANNED-7.png')).toBe('Banned-*.PNG')
    await expect(list.match('a'.repeat(256))).rejects.toThrow(RangeError)
  })

  // A backtracking matcher (a RegExp of `.*`s) takes exponential time here and blocks its thread for good,
  // deaf to SIGTERM: so the match runs in a child that is killed outright if it has not answered by then.
  it('answers the patterns that froze a backtracking matcher at once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'block-list-'))
    await writeFile(path.join(dir, 'blocklist.txt'), '*-*-*.mp4\n*a*a*a*a*a*a*b\n')
    const module = path.join(import.meta.dirname, '../src/modules/files/block-list.ts')
    const script = `const { blockList } = await import(${JSON.stringify(module)});
      const list = blockList(${JSON.stringify(dir)});
      const found = [await list.match('a'.repeat(200)), await list.match('-'.repeat(250) + '.mp3')];
      process.stdout.write(JSON.stringify(found));`
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '--eval', script],
      { timeout: scaled(20_000), killSignal: 'SIGKILL' },
    )
    expect(JSON.parse(stdout)).toEqual([null, null])
  })
})

import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scaled, until } from '../../test/support/time.ts'

const root = path.join(import.meta.dirname, '..', '..')

describe('npm start (scripts/start.mjs)', () => {
  let child: ChildProcess | undefined
  let dataDir = ''
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('shows a few lines of progress, then the banner, and no line per request', {
    timeout: scaled(360_000),
  }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vod-start-'))
    const { LOG_LEVEL: _level, ...env } = process.env
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      // What a start says, not how long its statements take: on a loaded host the demo's seeding has statements
      // past the 500 ms after which each is logged (and so each adds a line). Set at its most.
      env: {
        ...env,
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_PASSWORD: '',
        SLOW_QUERY_MS: '3600000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout?.on('data', (chunk) => {
      output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      output += chunk
    })
    await until(
      'the banner',
      () => {
        if ((child?.exitCode ?? null) !== null) throw new Error(`npm start stopped:\n${output}`)
        return output
      },
      (shown) => /Change it after logging in/.test(shown),
      { ms: 150_000, every: 200 },
    )
    const [before = '', banner = ''] = output.split('Back-office ready at')
    const progress = before.split('\n').filter((line) => line.trim())
    expect(progress.length, output).toBeLessThanOrEqual(6)
    expect(output).not.toMatch(/npm (warn|notice)|^\{"level"/m)
    const address = /^ (http:\/\/127\.0\.0\.1:\d+)\/$/m.exec(banner)?.[1]
    expect(address, banner).toBeTruthy()
    expect(banner).toMatch(/created admin "admin" with the generated password\s+\S{12,}/)

    const shown = output.length
    const urls = ['/', '/api/openapi.json', '/api/tags', '/api/nothing-here']
    for (const url of urls) await fetch(`${address}${url}`).then((res) => res.arrayBuffer())
    // Stopped and gone, the process has written all it ever will: nothing of it about those requests.
    const exited = new Promise((resolve) => child?.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    const after = output.slice(shown)
    for (const url of urls.slice(1)) expect(after).not.toContain(url)
    expect(after).not.toMatch(/^\{"level"/m)
    // A first start may build the web app and the server: on a loaded machine, minutes.
  })
})

describe('npm test, first step (scripts/test-setup.mjs)', () => {
  it('says in one line how to install Chromium when it is missing', () => {
    const result = spawnSync(process.execPath, ['scripts/test-setup.mjs'], {
      cwd: root,
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
    })
    expect(result.status).toBe(1)
    const lines = result.stderr.split('\n').filter((line) => line.trim() && !line.startsWith('npm warn'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('apt-get install -y chromium')
    expect(result.stdout).toBe('')
  })
})

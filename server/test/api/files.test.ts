import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mp4Duration } from '../../src/modules/files/media.ts'
import { EXE, mp4, PNG } from '../fixtures/media.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'
import { startS3Server } from '../support/s3-server.ts'

const MP4 = mp4(12.5)

/** Every file left under a folder, recursively (empty folders aside). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

for (const storage of ['disk', 's3'] as const)
  describe(`uploads on ${storage} storage`, () => {
    let t: TestApp
    let token: string
    let s3: Awaited<ReturnType<typeof startS3Server>> | undefined

    beforeAll(async () => {
      s3 = storage === 's3' ? await startS3Server('media') : undefined
      t = await startTestApp('pglite', { env: s3?.env ?? {} })
      token = await t.superToken()
    })
    afterAll(async () => {
      await t?.close()
      await s3?.close()
    })

    function upload(route: string, bytes: Buffer, name: string, as = token) {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(bytes)]), name)
      return fetch(`${t.url}/api/files/${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${as}` },
        body: form,
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as Json }))
    }

    /** Nothing half-written: no temporary file, and (on disk) no stored file beyond those expected. */
    async function leftovers() {
      const tmp = await filesUnder(path.join(t.config.dataDir, 'tmp'))
      const stored = await filesUnder(path.join(t.config.dataDir, 'uploads'))
      return { tmp, stored }
    }

    it('stores an image judged by its content, tells its size, and serves it back whole and in ranges', async () => {
      const res = await upload('images', PNG, 'cover.bin')
      expect(res.status).toBe(201)
      expect(res.body.data).toEqual({
        url: expect.stringMatching(/^\/uploads\/images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/),
        path: expect.stringMatching(/^images\//),
        size: PNG.length,
        mime: 'image/png',
        width: 3,
        height: 2,
        duration: null,
      })
      const served = await fetch(`${t.url}${res.body.data.url}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)
      const part = await fetch(`${t.url}${res.body.data.url}`, { headers: { range: 'bytes=1-3' } })
      expect(part.status).toBe(206)
      expect(part.headers.get('content-range')).toBe(`bytes 1-3/${PNG.length}`)
      expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('PNG')
      expect((await fetch(`${t.url}${res.body.data.url}`, { headers: { range: 'bytes=999-' } })).status).toBe(
        416,
      )
      // RFC 9110: another unit, several ranges or a malformed one is ignored (the whole file), never 416.
      for (const range of ['items=0-1', 'bytes=0-1,3-4', 'bytes=5-3', 'bytes=x-']) {
        const whole = await fetch(`${t.url}${res.body.data.url}`, { headers: { range } })
        expect(whole.status, range).toBe(200)
        expect(Buffer.from(await whole.arrayBuffer()).equals(PNG), range).toBe(true)
      }

      const onCloud = await t.request(`/api/files/checkFileOnCloud?path=${res.body.data.url}`, { token })
      expect(onCloud.body.data).toEqual({ path: res.body.data.path, exists: 1, storage })
      const onServer = await t.request(`/api/files/checkFileOnServer?path=${res.body.data.path}`, { token })
      expect(onServer.body.data.exists).toBe(storage === 'disk' ? 1 : 0)
      expect((await leftovers()).tmp).toEqual([])
    })

    it('reads a video duration from its header', async () => {
      const res = await upload('videos', MP4, 'clip.mp4')
      expect(res.status).toBe(201)
      expect(res.body.data).toMatchObject({ mime: 'video/mp4', duration: 12.5, width: null })
      // A header claiming 2^32 s (or just past a day, the longest video taken) tells no duration.
      for (const absurd of [mp4(2 ** 32, 1), mp4(86_401)]) {
        const claimed = await upload('videos', absurd, 'claims.mp4')
        expect(claimed.status).toBe(201)
        expect(claimed.body.data.duration).toBeNull()
      }
      expect(await mp4Duration(path.join(import.meta.dirname, 'files.test.ts'))).toBeNull()
    })

    it('takes other files and UTF-8 text through /files/upload', async () => {
      const csv = await upload('upload', Buffer.from('title\n中文标题\n'), 'titles.csv')
      expect(csv.status).toBe(201)
      expect(csv.body.data).toMatchObject({ mime: 'text/csv', path: expect.stringMatching(/\.csv$/) })
      const served = await fetch(`${t.url}${csv.body.data.url}`)
      expect(await served.text()).toBe('title\n中文标题\n')
    })

    it('refuses an executable named .jpg (415), an oversized image (413), a cut-off body (400) and no file (422), leaving nothing behind', async () => {
      const before = await leftovers()
      const exe = await upload('images', EXE, 'photo.jpg')
      expect(exe.status).toBe(415)
      expect(exe.body.message).toMatch(/not accepted here \(allowed: jpeg, png, gif, webp, avif\)/)
      expect((await upload('upload', EXE, 'setup.txt')).status).toBe(415)
      expect((await upload('videos', PNG, 'movie.mp4')).status).toBe(415)

      const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)])
      const tooLarge = await upload('images', big, 'huge.png')
      expect(tooLarge.status).toBe(413)
      expect(tooLarge.body).toEqual({ message: 'The request body is too large.' })

      const boundary = 'cut-off-boundary'
      const cut = await fetch(`${t.url}/api/files/images`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${PNG.toString('latin1').slice(0, 20)}`,
      })
      expect(cut.status).toBe(400)
      expect(await cut.json()).toEqual({ message: 'The upload did not arrive whole. Please send it again.' })

      const empty = await t.request('/api/files/images', { method: 'POST', token, body: {} })
      expect(empty.status).toBe(422)
      expect(empty.body.errors).toEqual({ file: ['Send the file in the form field "file".'] })
      expect(await leftovers()).toEqual(before)
    })

    it('refuses names on the block list and says which entry matched', async () => {
      await mkdir(t.config.dataDir, { recursive: true })
      await writeFile(path.join(t.config.dataDir, 'blocklist.txt'), '# taken down\nbanned-*.png\n')
      const refused = await upload('images', PNG, 'BANNED-7.png')
      expect(refused.status).toBe(422)
      expect(refused.body.message).toBe('The file name BANNED-7.png is on the block list (banned-*.png).')
      const check = await t.request('/api/files/checkBlockList?name=banned-1.png', { token })
      expect(check.body.data).toEqual({ name: 'banned-1.png', blocked: 1, entry: 'banned-*.png' })
      const free = await t.request('/api/files/checkBlockList?name=fine.png', { token })
      expect(free.body.data).toEqual({ name: 'fine.png', blocked: 0, entry: null })

      // Names over 255 characters are refused before the block list reads them, on both routes.
      await writeFile(path.join(t.config.dataDir, 'blocklist.txt'), '*-*-*.mp4\n')
      const long = await upload('images', PNG, `${'-'.repeat(2500)}.png`)
      expect(long.status).toBe(422)
      expect(long.body.errors).toEqual({ file: ['The file name may have at most 255 characters.'] })
      const longCheck = await t.request(`/api/files/checkBlockList?name=${'-'.repeat(2500)}.mp4`, { token })
      expect(longCheck.status).toBe(422)
      expect(Object.keys(longCheck.body.errors)).toEqual(['name'])
    })

    it('needs upload-files; a path outside storage is 422; unknown files are 404', async () => {
      const other = await t.createAdmin(['list-tags'])
      expect((await upload('images', PNG, 'a.png', other.token)).status).toBe(403)
      expect((await t.request('/api/files/checkBlockList?name=a', { token: other.token })).status).toBe(403)
      for (const bad of ['../secrets.json', '/etc/passwd', 'images/../../x'])
        expect(
          (await t.request(`/api/files/checkFileOnCloud?path=${encodeURIComponent(bad)}`, { token })).status,
        ).toBe(422)
      const missing = await t.request('/api/files/checkFileOnCloud?path=images/none.png', { token })
      expect(missing.body.data.exists).toBe(0)
      expect((await fetch(`${t.url}/uploads/images/none.png`)).status).toBe(404)
      expect((await fetch(`${t.url}/uploads/..%2Fsecrets.json`)).status).toBe(404)
    })
  })

// The browser host's static files: the build's files answered whole with their type, a hashed asset cacheable for
// good and the page revalidated, a file rewritten in place served anew (a rebuild while the server runs), nothing
// outside the folder.
import { mkdir, mkdtemp, rm, writeFile, utimes } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveStatic } from '../../../src-main/browser-host/static-files'

let dir: string
let root: string
let server: Server
let port: number

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cht-static-'))
  root = join(dir, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><title>v1</title>')
  await writeFile(join(root, 'assets', 'index-DxgdnZpY.js'), 'export const v = 1')
  await writeFile(join(dir, 'secret.txt'), 'do not serve')
  server = createServer((req, res) => {
    if (!serveStatic(root, req, res)) res.writeHead(404).end()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
  await rm(dir, { recursive: true, force: true })
})

function get(
  path: string,
  method = 'GET'
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString('utf8')))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('static files', () => {
  it('answers the page and a hashed asset whole, the asset cacheable for good and the page revalidated', async () => {
    const page = await get('/')
    expect(page.status).toBe(200)
    expect(page.body).toBe('<!doctype html><title>v1</title>')
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-cache')
    const js = await get('/assets/index-DxgdnZpY.js')
    expect(js.body).toBe('export const v = 1')
    expect(js.headers['content-length']).toBe(String('export const v = 1'.length))
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const head = await get('/assets/index-DxgdnZpY.js', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
  })

  it('serves a file rewritten after it was first served as it is now', async () => {
    expect((await get('/index.html')).body).toContain('v1')
    await writeFile(join(root, 'index.html'), '<!doctype html><title>v2, longer</title>')
    expect((await get('/index.html')).body).toBe('<!doctype html><title>v2, longer</title>')
    // Same size, only its time changed.
    await writeFile(join(root, 'index.html'), '<!doctype html><title>v3, longer</title>')
    const later = new Date(Date.now() + 5000)
    await utimes(join(root, 'index.html'), later, later)
    expect((await get('/index.html')).body).toBe('<!doctype html><title>v3, longer</title>')
  })

  it('serves nothing outside its folder, and no folder', async () => {
    expect((await get('/../secret.txt')).status).toBe(404)
    expect((await get('/%2e%2e/secret.txt')).status).toBe(404)
    expect((await get('/assets')).status).toBe(404)
    expect((await get('/%E0%A4%A')).status).toBe(404)
  })
})

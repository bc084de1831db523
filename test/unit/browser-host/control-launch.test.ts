// POST /control/launch (a fresh one-time link for a tab without a credential) and the address card that names it:
// only a local program holding the control secret gets a link, never a web page (it always sends an Origin); the
// card is trusted only when this user alone can read it, and a card no host answers to is stale, not an error.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { spawnSync } from 'node:child_process'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { z } from 'zod'
import { command } from '@shared/ipc/contract-kit'
import { createContractServer } from '../../../src-main/contract/contract-server'
import { attachToRunningHost } from '../../../src-main/browser-host/attach'
import { CONTROL_LAUNCH_PATH, startBrowserHost, type BrowserHost } from '../../../src-main/browser-host/browser-host'
import {
  hostFilePath,
  newControlSecret,
  readHostFile,
  removeHostFile,
  writeHostFile
} from '../../../src-main/browser-host/host-file'

const demo = { 'demo.ping': command<string>()(z.object({}), 'Pong.') } as const
const SECRET = newControlSecret()
let dir: string
let host: BrowserHost
let bare: BrowserHost

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cht-control-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html>')
  const server = createContractServer(demo, { 'demo.ping': () => 'pong' })
  host = await startBrowserHost({ core: { server }, rendererDir: dir, controlSecret: SECRET })
  bare = await startBrowserHost({ core: { server }, rendererDir: dir })
})
afterAll(async () => {
  await host?.close()
  await bare?.close()
  await rm(dir, { recursive: true, force: true })
})

function post(
  h: BrowserHost,
  headers: Record<string, string>,
  method = 'POST'
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: h.port, path: CONTROL_LAUNCH_PATH, method, headers }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const admitted = (h: BrowserHost, url: string): Promise<boolean> =>
  new Promise((done) => {
    const token = /token=([\w-]+)$/.exec(url)![1]!
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/contract`, ['chtrader.v1', `token.${token}`], {
      origin: h.origin
    })
    ws.once('message', () => (ws.close(), done(true)))
    ws.once('unexpected-response', () => done(false))
    ws.once('error', () => done(false))
  })

describe('POST /control/launch', () => {
  it('answers the control secret with a fresh one-time link of this host', async () => {
    const res = await post(host, { Authorization: `Bearer ${SECRET}` })
    expect(res.status).toBe(200)
    const { url } = JSON.parse(res.body) as { url: string }
    expect(url).toMatch(new RegExp(`^${host.origin}/#token=[\\w-]+$`))
    expect(await admitted(host, url)).toBe(true)
    expect(await admitted(host, url)).toBe(false)
  })

  it('refuses web pages (any Origin, its own included), a wrong or missing secret, and other methods', async () => {
    const ok = { Authorization: `Bearer ${SECRET}` }
    expect((await post(host, { ...ok, Origin: host.origin })).status).toBe(403)
    expect((await post(host, { ...ok, Origin: 'https://evil.example' })).status).toBe(403)
    expect((await post(host, { Authorization: `Bearer ${newControlSecret()}` })).status).toBe(401)
    expect((await post(host, { Authorization: `Bearer ${SECRET.slice(1)}` })).status).toBe(401)
    expect((await post(host, {})).status).toBe(401)
    expect((await post(host, ok, 'GET')).status).toBe(405)
    expect((await post(host, { ...ok, Host: `localhost:${host.port}` })).status).toBe(403)
  })

  it('is off on a host started without a control secret', async () => {
    expect((await post(bare, { Authorization: `Bearer ${SECRET}` })).status).toBe(403)
  })
})

describe('the browser-host address card', () => {
  it('is written for this user only and attached to while its host answers', async () => {
    const data = join(dir, 'live')
    await writeHostFile(data, { pid: process.pid, origin: host.origin, controlSecret: SECRET })
    const got = await attachToRunningHost(data)
    expect(got).toMatchObject({ kind: 'attached', origin: host.origin })
    expect(await admitted(host, (got as { url: string }).url)).toBe(true)
  })

  it('is stale when its process is gone: nothing is asked at its address (the port may be anyone’s now)', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!
    const data = join(dir, 'dead')
    let asked = 0
    const trap = createServer((_req, res) => (asked++, res.writeHead(200).end('{}')))
    await new Promise<void>((ok) => trap.listen(0, '127.0.0.1', ok))
    await writeHostFile(data, {
      pid: gone,
      origin: `http://127.0.0.1:${(trap.address() as AddressInfo).port}`,
      controlSecret: SECRET
    })
    expect(await attachToRunningHost(data)).toMatchObject({
      kind: 'none',
      stale: expect.stringMatching(/is not running/)
    })
    expect(asked).toBe(0)
    await new Promise((ok) => trap.close(ok))
  })

  it('is stale when no host answers at its address, or the host there has another secret', async () => {
    const gone = await startBrowserHost({
      core: { server: createContractServer(demo, { 'demo.ping': () => 'pong' }) },
      rendererDir: dir,
      controlSecret: SECRET
    })
    const origin = gone.origin
    await gone.close()
    const data = join(dir, 'stale')
    await writeHostFile(data, { pid: 1, origin, controlSecret: SECRET })
    expect(await attachToRunningHost(data)).toMatchObject({
      kind: 'none',
      stale: expect.stringMatching(/did not answer: .*ECONNREFUSED/)
    })
    await writeHostFile(data, { pid: 1, origin: host.origin, controlSecret: newControlSecret() })
    expect(await attachToRunningHost(data)).toMatchObject({
      kind: 'none',
      stale: expect.stringMatching(/did not answer: HTTP 401/)
    })
  })

  it.skipIf(process.platform === 'win32')(
    'is not trusted when other users can read it, or when it is not a host record',
    async () => {
      const data = join(dir, 'loose')
      await writeHostFile(data, { pid: process.pid, origin: host.origin, controlSecret: SECRET })
      await chmod(hostFilePath(data), 0o644)
      await expect(readHostFile(data)).rejects.toThrow(/can be read by other users \(mode 644\): not trusted/)
      expect(await attachToRunningHost(data)).toMatchObject({
        kind: 'none',
        stale: expect.stringMatching(/not trusted/)
      })
      await writeFile(
        hostFilePath(data),
        JSON.stringify({ version: 1, pid: 1, origin: 'http://evil.example:80', controlSecret: SECRET }),
        { mode: 0o600 }
      )
      await chmod(hostFilePath(data), 0o600)
      await expect(readHostFile(data)).rejects.toThrow(/origin: must be a loopback origin/)
    }
  )

  it('is removed by its own host only', async () => {
    const data = join(dir, 'mine')
    await writeHostFile(data, { pid: process.pid, origin: host.origin, controlSecret: SECRET })
    await removeHostFile(data, newControlSecret()) // a newer host's card stays
    expect(await readHostFile(data)).not.toBeNull()
    await removeHostFile(data, SECRET)
    expect(await readHostFile(data)).toBeNull()
  })
})

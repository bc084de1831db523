// A tab without a credential can get one: with a terminal running (runWeb, as `npm run web` starts it, on a real
// core), `npm run web` run again (the real script, in a child process) attaches to it and prints a fresh one-time
// link instead of starting a second terminal; Enter in the first one's terminal does the same. Each fresh link
// opens one tab once; the spent first link stays refused.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { hostFilePath, readHostFile } from '../../../src-main/browser-host/host-file'
import { attachToRunningHost } from '../../../src-main/browser-host/attach'
import { runWeb, type WebRun } from '../../../src-main/browser-host/web-launcher'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'

const repo = resolve(import.meta.dirname, '../../..')
let dir: string
let run: Extract<WebRun, { kind: 'started' }>
const printed: string[] = []
const enter = new PassThrough()

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cht-attach-'))
  const renderer = join(dir, 'renderer')
  mkdirSync(renderer, { recursive: true })
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>t</title>')
  const r = await runWeb({
    userDataDir: join(dir, 'data'),
    rendererDir: renderer,
    print: (l) => printed.push(l),
    input: enter,
    core: { secrets: new MemorySecretStore(), embedded: { seed: 3, activity: false }, log: () => undefined }
  })
  if (r.kind !== 'started') throw new Error('the first run attached to something')
  run = r
})
afterAll(async () => {
  await run?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const tokenOf = (url: string): string => /[#&]token=([\w-]+)$/.exec(url)![1]!

/** Whether a socket offering this token is admitted (as the page's bridge offers it). */
function admitted(token: string): Promise<boolean> {
  return new Promise((done) => {
    const ws = new WebSocket(`ws://127.0.0.1:${run.host.port}/contract`, ['chtrader.v1', `token.${token}`], {
      origin: run.host.origin
    })
    ws.once('message', () => {
      ws.close()
      done(true)
    })
    ws.once('unexpected-response', () => done(false))
    ws.once('error', () => done(false))
  })
}

/**
 * `npm run web` run again, on the same user-data folder: its script from source (package.json runs the same file as
 * built by `npm run build`, out/main/web.js; this keeps the test free of a build).
 */
function webAgain(): Promise<{ code: number | null; out: string }> {
  return new Promise((res, rej) => {
    const proc = spawn(
      process.execPath,
      [join(repo, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', 'tsconfig.node.json', 'scripts/web.ts'],
      {
        cwd: repo,
        env: { ...process.env, CHTRADER_USER_DATA: join(dir, 'data'), PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    let out = ''
    proc.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')))
    proc.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')))
    const timer = setTimeout(
      () => (proc.kill('SIGKILL'), rej(new Error(`npm run web again did not exit:\n${out}`))),
      45_000
    )
    proc.once('error', rej)
    proc.once('exit', (code) => (clearTimeout(timer), res({ code, out })))
  })
}

describe('a tab without a credential gets one', () => {
  it('prints the first link and says how to get another', () => {
    expect(printed[0]).toMatch(/^terminal ready at http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+$/)
    expect(printed[1]).toBe(
      'Each link opens one tab, once, within 10 minutes. For another tab or an expired link: press Enter here, or run `npm run web` again, and open the fresh link printed.'
    )
  })

  it('leaves its address card readable by this user only', async () => {
    // POSIX modes: Windows reports 0o666 whatever was asked (its ACLs are per user already).
    if (process.platform !== 'win32') expect(statSync(hostFilePath(join(dir, 'data'))).mode & 0o777).toBe(0o600)
    expect(await readHostFile(join(dir, 'data'))).toMatchObject({ pid: process.pid, origin: run.host.origin })
  })

  it('`npm run web` again attaches and prints a fresh link that works once; the spent first link is refused', async () => {
    const first = printed[0]!.slice('terminal ready at '.length)
    expect(await admitted(tokenOf(first))).toBe(true) // the first tab
    expect(await admitted(tokenOf(first))).toBe(false) // that link opened again: spent

    const again = await webAgain()
    expect(again.code).toBe(0)
    const m =
      /^terminal already running at (http:\/\/127\.0\.0\.1:\d+); a fresh one-time link for a new tab \(it expires in 10 minutes; run `npm run web` again for another\): (\S+)$/m.exec(
        again.out
      )
    expect(m, again.out).not.toBeNull()
    expect(m![1]).toBe(run.host.origin)
    // No second terminal: nothing of a core start was printed, and the one running is the one answering.
    expect(again.out).not.toMatch(/terminal ready at|terminal core ready/)
    const fresh = m![2]!
    expect(fresh.startsWith(`${run.host.origin}/#token=`)).toBe(true)
    expect(await admitted(tokenOf(fresh))).toBe(true)
    expect(await admitted(tokenOf(fresh))).toBe(false)
    expect(await admitted(tokenOf(first))).toBe(false)
  }, 60_000)

  it('Enter in the running terminal prints a fresh link that works once', async () => {
    const before = printed.length
    enter.write('\n')
    await expect.poll(() => printed.length).toBe(before + 1)
    const line = printed.at(-1)!
    expect(line).toMatch(/^fresh one-time link: http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+$/)
    const token = tokenOf(line)
    expect(await admitted(token)).toBe(true)
    expect(await admitted(token)).toBe(false)
  })

  it('a stopped terminal takes its card along, so the next run starts its own', async () => {
    const data = join(dir, 'data')
    await run.stop()
    expect(existsSync(hostFilePath(data))).toBe(false)
    expect(await attachToRunningHost(data)).toEqual({ kind: 'none' })
  })
})

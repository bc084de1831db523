// The real terminal server for the live benches (idle.bench.ts, soak.bench.ts): the bundle `npm run web` runs
// (out/main/web.js: the browser host, the core and the embedded exchange with its market activity on), on a fresh
// user-data folder (a new paper exchange with its data folder) and a free port. `node out/main/web.js` is what
// scripts/run-web.mjs imports after its staleness check; the benches make that check once, at their start, so
// another engineer's edit during a long run does not refuse the next server start.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')
const LAUNCHER = join(ROOT, 'scripts/run-web.mjs')

/** Builds (`npm run build`) when run-web.mjs says the build is missing or stale; `noBuild`: says so and exits. */
export function ensureBuilt(noBuild: boolean): void {
  const check = spawnSync(process.execPath, [LAUNCHER, '--check'], { cwd: ROOT, encoding: 'utf8' })
  if (check.status === 0) return
  if (noBuild) {
    console.error(check.stderr.trim())
    process.exit(1)
  }
  console.log(`${check.stderr.trim()}\nbuilding (npm run build) ...`)
  const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (b.status !== 0) process.exit(1)
}

export interface TerminalServer {
  pid: number
  /** The one-time launch URL it printed. */
  url: string
  /** The page's origin (`http://127.0.0.1:PORT`). */
  origin: string
  stop(): Promise<void>
}

/**
 * Starts `<outDir>/main/web.js` (default: the working tree's build, out/) and waits for its launch URL. An A/B
 * build kept elsewhere must sit two folders below a copy of package.json (the core reads it from there).
 */
export async function startTerminalServer(outDir = join(ROOT, 'out')): Promise<TerminalServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cht-live-bench-'))
  const child = spawn(process.execPath, [join(resolve(ROOT, outDir), 'main/web.js')], {
    cwd: ROOT,
    env: { ...process.env, CHTRADER_USER_DATA: dataDir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGINT')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const url = await new Promise<string>((res, rej) => {
      let text = ''
      const take = (c: Buffer): void => {
        text += c.toString('utf8')
        const m = /terminal ready at (\S+)/.exec(text)
        if (m) res(m[1]!)
      }
      child.stdout.on('data', take)
      child.stderr.on('data', (c: Buffer) => (text += c.toString('utf8')))
      child.once('exit', (code) => rej(new Error(`the terminal server exited (${code}) before its URL:\n${text}`)))
    })
    return { pid: child.pid!, url, origin: new URL(url).origin, stop }
  } catch (e) {
    await stop()
    throw e
  }
}

// `npm run test:electron`: where no Electron runtime is installed it runs nothing and says so in one line naming
// every check not run (never a silent skip), or fails when the runtime is required; the runtime is found without
// importing the electron package (which would try to download it).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { binaryInDist, findElectronRuntime } from '../../../scripts/electron-runtime'
import { SMOKE_CHECKS } from '../../../scripts/electron-smoke-checks'

const root = resolve(import.meta.dirname, '../../..')
const dirs: string[] = []
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'cht-electron-rt-'))
  dirs.push(d)
  return d
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

function runner(env: Record<string, string>): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/electron-smoke.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env }
  })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('finding an Electron runtime', () => {
  it('reads the binary node_modules/electron/path.txt names, only if it is there', () => {
    const r = tmp()
    expect(findElectronRuntime(r, {})).toEqual({
      found: false,
      reason: 'node_modules/electron has no downloaded runtime (path.txt)'
    })
    mkdirSync(join(r, 'node_modules/electron/dist'), { recursive: true })
    writeFileSync(join(r, 'node_modules/electron/path.txt'), 'electron')
    expect(findElectronRuntime(r, {}).found).toBe(false) // path.txt but no binary: a broken install
    writeFileSync(join(r, 'node_modules/electron/dist/electron'), '')
    expect(findElectronRuntime(r, {})).toEqual({ found: true, path: join(r, 'node_modules/electron/dist/electron') })
  })

  it('prefers CHT_ELECTRON_PATH, then ELECTRON_OVERRIDE_DIST_PATH, each checked to exist', () => {
    const r = tmp()
    const dist = tmp()
    expect(findElectronRuntime(r, { CHT_ELECTRON_PATH: join(dist, 'nope') })).toEqual({
      found: false,
      reason: `CHT_ELECTRON_PATH ${join(dist, 'nope')} does not exist`
    })
    expect(findElectronRuntime(r, { ELECTRON_OVERRIDE_DIST_PATH: dist }, 'win32').found).toBe(false)
    writeFileSync(join(dist, binaryInDist('win32')), '')
    expect(findElectronRuntime(r, { ELECTRON_OVERRIDE_DIST_PATH: dist }, 'win32')).toEqual({
      found: true,
      path: join(dist, 'electron.exe')
    })
    expect(findElectronRuntime(r, { CHT_ELECTRON_PATH: join(dist, 'electron.exe') })).toEqual({
      found: true,
      path: join(dist, 'electron.exe')
    })
  })
})

describe('npm run test:electron without a runtime', () => {
  const missing = { CHT_ELECTRON_PATH: '/nonexistent/electron-runtime' }

  it('prints one line naming every check not run, and exits 0', () => {
    const r = runner(missing)
    expect(r.code).toBe(0)
    const lines = r.out.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Electron smoke suite: skipped, no Electron runtime installed \(CHT_ELECTRON_PATH/)
    for (const check of Object.values(SMOKE_CHECKS)) expect(lines[0]).toContain(check)
  })

  it('fails when the runtime is required (the public CI downloads it)', () => {
    const r = runner({ ...missing, CHT_ELECTRON_REQUIRED: '1' })
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/Electron smoke suite: FAILED: CHT_ELECTRON_REQUIRED=1 but no Electron runtime installed/)
  })
})

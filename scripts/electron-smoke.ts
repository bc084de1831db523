// `npm run test:electron`: the Electron smoke suite (test/electron) against the built app, when an Electron runtime
// is installed. Without one it prints one line naming every check it did not run, and exits 0, unless
// CHT_ELECTRON_REQUIRED=1 (the public CI, where the runtime is downloaded), where a missing runtime fails.
// On Linux with no display it runs under xvfb-run; the keychain check gets its own Secret Service (see the config).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { findElectronRuntime } from './electron-runtime'
import { SMOKE_CHECKS } from './electron-smoke-checks'

const root = resolve(import.meta.dirname, '..')

function main(): number {
  const runtime = findElectronRuntime(root)
  if (!runtime.found) {
    const what = `no Electron runtime installed (${runtime.reason}); not run: ${Object.values(SMOKE_CHECKS).join('; ')}`
    if (process.env['CHT_ELECTRON_REQUIRED'] === '1') {
      console.error(`Electron smoke suite: FAILED: CHT_ELECTRON_REQUIRED=1 but ${what}`)
      return 1
    }
    console.log(`Electron smoke suite: skipped, ${what}`)
    return 0
  }
  if (!existsSync(join(root, 'out/main/index.js'))) {
    console.error('Electron smoke suite: the app is not built (out/main/index.js); run `npm run build` first')
    return 1
  }
  const vitest = ['vitest', 'run', '-c', 'vitest.electron.config.ts']
  const headless = process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']
  if (headless && spawnSync('xvfb-run', ['--help'], { stdio: 'ignore' }).error) {
    console.error('Electron smoke suite: no display and no xvfb-run (apt package xvfb) to give Electron one')
    return 1
  }
  const [cmd, args] = headless ? ['xvfb-run', ['-a', 'npx', ...vitest]] : ['npx', vitest]
  console.log(`Electron smoke suite: running on ${runtime.path}`)
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32', // npx is a .cmd there
    env: { ...process.env, CHT_ELECTRON_PATH: runtime.path }
  })
  return r.status ?? 1
}

process.exit(main())

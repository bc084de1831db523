// Launching the built desktop app for the smoke suite: the Electron runtime `npm run test:electron` found
// (CHT_ELECTRON_PATH) running this repository's build (package.json main: out/main/index.js), on a userData folder
// of the test's own (CHT_USER_DATA_DIR), so no real profile, keychain entry or window layout is touched.
import { join, resolve } from 'node:path'
import { _electron, type ElectronApplication } from 'playwright-core'

export const root = resolve(import.meta.dirname, '../..')

export function electronPath(): string {
  const path = process.env['CHT_ELECTRON_PATH']
  if (!path) throw new Error('run the smoke suite with `npm run test:electron` (it names the Electron runtime)')
  return path
}

/**
 * Linux: as Playwright launches the first instance. Ubuntu 24.04 forbids unprivileged user namespaces and the npm
 * runtime's chrome-sandbox is not setuid root, so a sandboxed launch aborts before any JavaScript runs.
 */
export const sandboxArgs = (): string[] => (process.platform === 'linux' ? ['--no-sandbox'] : [])

export function appEnv(userData: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v
  return { ...env, CHT_USER_DATA_DIR: userData, ELECTRON_ENABLE_LOGGING: '1' }
}

/**
 * The npm package's own runtime is left to Playwright to resolve: only then does it inject its loader (which keeps
 * covered windows rendering); another binary named by CHT_ELECTRON_PATH is launched as it is.
 */
export function launchApp(userData: string): Promise<ElectronApplication> {
  const path = electronPath()
  const packaged = path.startsWith(join(root, 'node_modules', 'electron'))
  return _electron.launch({
    ...(packaged ? {} : { executablePath: path }),
    args: [...sandboxArgs(), root],
    cwd: root,
    env: appEnv(userData),
    timeout: 90_000
  })
}

// Launching the built desktop app for the smoke suite: the Electron runtime `npm run test:electron` found
// (CHT_ELECTRON_PATH) running this repository's build (package.json main: out/main/index.js), on a userData folder
// of the test's own (CHT_USER_DATA_DIR), so no real profile, keychain entry or window layout is touched.
import { resolve } from 'node:path'
import { _electron, type ElectronApplication } from 'playwright-core'

export const root = resolve(import.meta.dirname, '../..')

export function electronPath(): string {
  const path = process.env['CHT_ELECTRON_PATH']
  if (!path) throw new Error('run the smoke suite with `npm run test:electron` (it names the Electron runtime)')
  return path
}

/** Chromium refuses its sandbox to root (containers): the same switch the e2e Chromium gets there. */
export const sandboxArgs = (): string[] => (process.getuid?.() === 0 ? ['--no-sandbox'] : [])

export function appEnv(userData: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v
  return { ...env, CHT_USER_DATA_DIR: userData, ELECTRON_ENABLE_LOGGING: '1' }
}

export function launchApp(userData: string): Promise<ElectronApplication> {
  return _electron.launch({
    executablePath: electronPath(),
    args: [...sandboxArgs(), root],
    cwd: root,
    env: appEnv(userData),
    timeout: 90_000
  })
}

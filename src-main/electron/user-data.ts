// Where the app keeps its data: Electron's default userData folder, or CHT_USER_DATA_DIR when set, so a smoke run
// or a portable copy gets a fresh folder of its own. Applied before anything reads userData: the single-instance
// lock, the vault and the window layout all live there.
import { isAbsolute } from 'node:path'
import type { App } from 'electron'

export const USER_DATA_ENV = 'CHT_USER_DATA_DIR'

/** Returns the folder set, or null when the default stays. A relative path is refused: it would depend on the cwd. */
export function applyUserDataDir(app: Pick<App, 'setPath'>, env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = env[USER_DATA_ENV]
  if (dir === undefined || dir === '') return null
  if (!isAbsolute(dir)) throw new Error(`${USER_DATA_ENV} must be an absolute path, got "${dir}"`)
  app.setPath('userData', dir)
  return dir
}

// Finds an installed Electron runtime without importing the `electron` package (its index.js downloads the
// runtime when it is missing, which fails offline). In order: CHT_ELECTRON_PATH (a binary), ELECTRON_OVERRIDE_DIST_PATH
// (a dist folder, as the package reads it), then node_modules/electron's path.txt written by its install script.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type ElectronRuntime = { found: true; path: string } | { found: false; reason: string }

/** The binary's name inside an Electron dist folder on this platform (as the package's path.txt names it). */
export function binaryInDist(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron'
  if (platform === 'win32') return 'electron.exe'
  return 'electron'
}

export function findElectronRuntime(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform
): ElectronRuntime {
  const named = env['CHT_ELECTRON_PATH']
  if (named) {
    return existsSync(named)
      ? { found: true, path: named }
      : { found: false, reason: `CHT_ELECTRON_PATH ${named} does not exist` }
  }
  const dist = env['ELECTRON_OVERRIDE_DIST_PATH']
  if (dist) {
    const path = join(dist, binaryInDist(platform))
    return existsSync(path)
      ? { found: true, path }
      : { found: false, reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${binaryInDist(platform)}` }
  }
  const pkg = join(root, 'node_modules', 'electron')
  const pathFile = join(pkg, 'path.txt')
  if (!existsSync(pathFile))
    return { found: false, reason: 'node_modules/electron has no downloaded runtime (path.txt)' }
  const path = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(path) ? { found: true, path } : { found: false, reason: `${path} is missing` }
}

// `npm start`: the Electron app when its runtime is installed; otherwise (as on machines where the Electron
// download is impossible) one line saying so, then the browser host. `npm start` has just built everything, so
// both run the built bundles: Electron's out/main/index.js, and out/main/web.js through scripts/run-web.mjs.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const electronDir = resolve(import.meta.dirname, '../node_modules/electron')
const pathFile = resolve(electronDir, 'path.txt')
const runtime = existsSync(pathFile) ? resolve(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()) : null
const [cmd, args] =
  runtime && existsSync(runtime)
    ? ['npx', ['electron-vite', 'preview', '--skipBuild']]
    : (console.log('Electron runtime is not installed here; starting the browser host instead.'),
      [process.execPath, [resolve(import.meta.dirname, 'run-web.mjs')]])
const child = spawn(cmd as string, args as string[], { stdio: 'inherit' })
child.on('exit', (code) => process.exit(code ?? 0))
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig))

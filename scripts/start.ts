// `npm start`: the Electron app when its runtime is installed; otherwise (as on machines where the Electron
// download is impossible) one line saying so, then the browser host.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const electronDir = resolve(import.meta.dirname, '../node_modules/electron')
const pathFile = resolve(electronDir, 'path.txt')
const runtime = existsSync(pathFile) ? resolve(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()) : null
const [cmd, args] =
  runtime && existsSync(runtime)
    ? ['npx', ['electron-vite', 'preview']]
    : (console.log('Electron runtime is not installed here; starting the browser host instead.'),
      ['npx', ['tsx', '--tsconfig', 'tsconfig.node.json', 'scripts/web.ts']])
const child = spawn(cmd as string, args as string[], { stdio: 'inherit' })
child.on('exit', (code) => process.exit(code ?? 0))
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig))

// Part of `npm run lint`: every GitHub Actions workflow (.github/workflows/*.yml, or the folder given) checked
// against the workflow schema by @action-validator/cli, offline. It takes one file per run, hence this loop.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const dir = resolve(process.argv[2] ?? join(root, '.github/workflows'))
const bin = join(root, 'node_modules/.bin', process.platform === 'win32' ? 'action-validator.cmd' : 'action-validator')
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))
if (files.length === 0) {
  console.error(`no workflow files in ${dir}`)
  process.exit(1)
}
let failed = 0
for (const f of files) {
  const r = spawnSync(bin, [join(dir, f)], { encoding: 'utf8', shell: process.platform === 'win32' })
  if (r.status === 0) continue
  failed++
  console.error(`${f}: not a valid workflow\n${r.stdout}${r.stderr}`)
}
console.log(`workflows: ${files.length - failed} of ${files.length} valid`)
process.exit(failed ? 1 : 0)

// Writes the catalog's endpoint table into README.md between the endpoints markers.
// Usage: npx tsx scripts/gen-readme-endpoints.ts [--check] [--readme <path>]
// --check: write nothing; exit 1 when the README's table is stale (or its markers are missing).
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { extractEndpointSection, renderEndpointTable, replaceEndpointSection } from '../src-shared/api/endpoint-table'

const args = process.argv.slice(2)
const check = args.includes('--check')
const at = args.indexOf('--readme')
const readmePath =
  at >= 0 && args[at + 1] ? resolve(args[at + 1]!) : resolve(dirname(fileURLToPath(import.meta.url)), '..', 'README.md')

const readme = readFileSync(readmePath, 'utf8')
const table = renderEndpointTable()
const current = extractEndpointSection(readme)
if (current === undefined) {
  console.error(`${readmePath}: endpoint markers missing`)
  process.exit(1)
}
if (current === table) {
  console.log(`${readmePath}: endpoint table up to date`)
} else if (check) {
  console.error(`${readmePath}: endpoint table is stale; run npx tsx scripts/gen-readme-endpoints.ts`)
  process.exit(1)
} else {
  writeFileSync(readmePath, replaceEndpointSection(readme, table))
  console.log(`${readmePath}: endpoint table written`)
}

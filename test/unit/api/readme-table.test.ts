// README.md's endpoint section must equal the table rendered from the catalog (regenerate with
// `npx tsx scripts/gen-readme-endpoints.ts`).
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CATALOG } from '../../../src-shared/api/catalog'
import {
  extractEndpointSection,
  README_BEGIN,
  README_END,
  renderEndpointTable,
  replaceEndpointSection
} from '../../../src-shared/api/endpoint-table'

const README = resolve(dirname(fileURLToPath(import.meta.url)), '../../../README.md')

describe('README endpoint table', () => {
  it('renders one row per catalog entry, aliases and default limits marked', () => {
    const table = renderEndpointTable()
    const rows = table.split('\n').filter((l) => l.startsWith('| `'))
    expect(rows).toHaveLength(CATALOG.length)
    expect(table).toContain(
      '| `spot.order.place` | POST | `/spot/open/sapi/v1/order` | TRADE | 100 / 2 s per API key |'
    )
    expect(table).toContain('alias `/futures/open/fapi/v1/placeBatchOrder`')
    expect(table).toContain('| `spot.ping` | GET | `/spot/open/sapi/v1/ping` | NONE | 20 / 1 s per IP (default) |')
  })

  it('replaces exactly the section between the markers', () => {
    const doc = `# x\n\n${README_BEGIN}\nold\n${README_END}\ntail\n`
    const next = replaceEndpointSection(doc, 'T\n')
    expect(next).toBe(`# x\n\n${README_BEGIN}\nT\n${README_END}\ntail\n`)
    expect(extractEndpointSection(next)).toBe('T\n')
    expect(replaceEndpointSection(next, 'T\n')).toBe(next)
    expect(() => replaceEndpointSection('# no markers', 'T')).toThrow(/markers/)
  })

  it('README.md holds the current table (run npm run gen:readme)', () => {
    const section = extractEndpointSection(readFileSync(README, 'utf8'))
    expect(section, 'README.md lacks the endpoints markers').toBeDefined()
    expect(section).toBe(renderEndpointTable())
  })
})

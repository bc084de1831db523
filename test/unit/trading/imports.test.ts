// DESIGN.md: src-shared imports nothing outside itself. The order rules run in main and in the renderer alike, so
// they may not reach Node, the DOM, Vue or another process's folder.
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const shared = resolve(import.meta.dirname, '../../../src-shared')
const dir = join(shared, 'trading')

describe('src-shared/trading imports', () => {
  it('come from src-shared only', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'))
    expect(files).toContain('order-rules.ts')
    for (const f of files) {
      for (const [, spec] of readFileSync(join(dir, f), 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)) {
        expect(spec!.startsWith('.'), `${f} imports ${spec}`).toBe(true)
        expect(resolve(dir, spec!).startsWith(shared + '/'), `${f} imports ${spec}`).toBe(true)
        expect(spec, `${f} imports ${spec}`).not.toMatch(/(^|\/)node(\/|$)/)
      }
    }
  })
})

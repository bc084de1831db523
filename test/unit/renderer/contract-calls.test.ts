// Issue 11: stores call the contract, components do not. A view that asked main itself would hold profile data
// outside the stores that empty on a profile switch, and could show one account's answer under another's name.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
const views = ['panels', 'components', 'layout'].flatMap((dir) =>
  readdirSync(join(root, 'src-renderer/src', dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|vue)$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)))
)

describe('renderer: only stores talk to main', () => {
  it('no panel, component or layout file imports the contract client or calls it', () => {
    expect(views.length).toBeGreaterThan(20)
    const offenders = views.filter((f) =>
      /services\/terminal['"]|\bterminal\(\)\s*\.\s*(invoke|subscribe)|liveSubscribe\(/.test(
        readFileSync(join(root, f), 'utf8')
      )
    )
    expect(offenders).toEqual([])
  })
})

// The workspace's area sizes kept for the next default arrangement (dock-panels.ts areaSizes, the `layout`
// preference): the default laid out with them shows each area at that size, so they read back the same and a reset
// lays it out as it was (dockview's setSize of N px leaves a group N less half the gap: each reset narrowed every area
// by 2 px); an area floated out of the grid keeps main's size.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { createDockview, themeDark, type DockviewApi } from 'dockview-vue'
import { areaSizes, layDefault } from '../../../src-renderer/src/layout/dock-panels'
import { DOCK_GAP } from '../../../src-renderer/src/layout/layout-sizes'
import { PANELS } from '../../../src-renderer/src/layout/panel-registry'

beforeEach(() => setActivePinia(createPinia()))

function dock(width: number, height: number): DockviewApi {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const api = createDockview(el, {
    createComponent: () => ({ element: document.createElement('div'), init: () => undefined }),
    theme: { ...themeDark, gap: DOCK_GAP }
  })
  api.layout(width, height)
  return api
}

const spot = PANELS.filter((p) => !p.modules || p.modules.includes('spot'))
const futures = PANELS.filter((p) => !p.modules || p.modules.includes('futures'))
const other = { side: 300, order: 300, bottom: 300 }

describe("the workspace's area sizes", () => {
  for (const [shown, sizes] of [
    [spot, { side: 268, order: 308, bottom: 250 }],
    [futures, { side: 333, order: 261, bottom: 121 }]
  ] as const)
    it(`read back from the default laid out with ${JSON.stringify(sizes)}: the same, reset after reset`, () => {
      const api = dock(1272, 664)
      layDefault(api, shown, sizes)
      expect(areaSizes(api, shown, other)).toEqual(sizes)
      expect(api.getPanel('market-list')!.group.api.width).toBe(sizes.side)
      layDefault(api, shown, areaSizes(api, shown, other))
      layDefault(api, shown, areaSizes(api, shown, other))
      expect(areaSizes(api, shown, other)).toEqual(sizes)
    })

  it("an area floated out of the grid keeps main's size", () => {
    const api = dock(1272, 664)
    layDefault(api, spot, { side: 268, order: 308, bottom: 250 })
    api.addFloatingGroup(api.getPanel('market-list')!)
    expect(areaSizes(api, spot, other).side).toBe(other.side)
  })
})

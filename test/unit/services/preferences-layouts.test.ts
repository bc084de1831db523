// Main keeps the workspace's layouts with the other preferences (app.layouts): a good one written and read back
// after a restart; a stored one that is unreadable (corrupt, a bad name, unknown parameters, too large) is not read,
// the file kept aside and the user told (recovery), while the other preferences are kept and the workspace lays out
// its default. A layout's own chart indicators (by market key) are checked as the profile's are.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PreferencesService } from '../../../src-main/services/preferences-service'
import {
  layoutsPreference,
  MAX_LAYOUT_CHARS,
  MAX_LAYOUT_MARKETS,
  type WindowLayouts
} from '@shared/ipc/schemas/preferences-layouts'
import { MAX_INDICATORS } from '@shared/ipc/schemas/preferences-indicators'

function service(file: string): PreferencesService {
  return new PreferencesService({
    file,
    log: () => undefined,
    profileIds: () => [],
    resolveId: (named) => named ?? 'p1',
    activeId: () => null,
    onProfilesChange: () => () => undefined
  })
}
const grid = { root: { type: 'branch', data: [] }, width: 1200, height: 600, orientation: 'HORIZONTAL' }
const layout = (
  panels: WindowLayouts['saved'][string]['panels'] = { market: { id: 'market', contentComponent: 'market' } }
) => ({
  grid,
  panels
})

describe('layouts in main', () => {
  it('keeps the arrangement, the named layouts (names as typed) and the one shown, across a restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'prefs-')), 'preferences.json')
    const chart = {
      id: 'market-2',
      contentComponent: 'market',
      params: { module: 'futures' as const, symbol: 'E-ETH-USDT' }
    }
    const main: WindowLayouts = {
      current: layout({ market: { id: 'market', contentComponent: 'market' }, 'market-2': chart }),
      active: '<b>Scalp</b> 短线',
      saved: { '<b>Scalp</b> 短线': layout(), 'Two charts': layout() }
    }
    await service(file).set({ app: { layouts: { main } } })
    const again = service(file)
    expect(again.recovery).toBeNull()
    expect(again.get({}).app.layouts.main).toEqual(main)
  })

  it('refuses a layout main would not keep, naming the rule', async () => {
    const refused = (v: unknown) => layoutsPreference.safeParse(v).error?.issues[0]?.message
    const main = (over: object) => ({ main: { current: null, active: '', saved: {}, ...over } })
    expect(refused(main({ saved: { '': layout() } }))).toBe('must be a name')
    expect(refused(main({ saved: { ' padded': layout() } }))).toBe('must be a name')
    expect(refused(main({ saved: { 'line\nbreak': layout() } }))).toBe('must be a name')
    expect(refused(main({ saved: { 'Scalp\u200b': layout() } }))).toBe('must be a name') // a zero-width space
    expect(refused(main({ active: '\u202eplacS' }))).toMatch(/no invisible or direction-changing characters/)
    expect(refused(main({ saved: { ['x'.repeat(41)]: layout() } }))).toBe('must be a name')
    expect(refused(main({ active: ' x' }))).toBeDefined()
    expect(refused(main({ current: { grid } }))).toBeDefined() // no panels
    expect(
      refused(main({ current: layout({ m: { id: 'm', contentComponent: 'market', params: { x: 1 } as never } }) }))
    ).toBe('unknown field(s): x')
    expect(
      refused(main({ current: layout({ m: { id: 'm', contentComponent: 'market', params: { symbol: 'BTC USDT' } } }) }))
    ).toBeDefined()
    const huge = layout({ market: { id: 'market', contentComponent: 'market', title: 'x'.repeat(MAX_LAYOUT_CHARS) } })
    expect(refused(main({ current: huge }))).toBe('is too large')
    expect(refused({ monitor: {} })).toBe('unknown field(s): monitor')
  })

  it("keeps a layout's own indicators by market across a restart, and refuses bad ones naming the rule", async () => {
    const bb = { kind: 'bb' as const, params: [20, 2], colours: ['#26c6da', '#26c6da', '#26c6da'] }
    const rsi = { kind: 'rsi' as const, params: [14], colours: ['#c86ee6'] }
    const withSets = (indicators: unknown) => ({ ...layout(), indicators }) as never
    const main: WindowLayouts = {
      current: withSets({ 'spot:btcusdt': [bb, rsi], 'futures:E-BTC-USDT': [] }),
      active: 'Bands',
      saved: { Bands: withSets({ 'spot:btcusdt': [bb, rsi], 'futures:E-BTC-USDT': [] }), Plain: layout() }
    }
    const file = join(mkdtempSync(join(tmpdir(), 'prefs-')), 'preferences.json')
    await service(file).set({ app: { layouts: { main } } })
    expect(service(file).get({}).app.layouts.main).toEqual(main)

    const refused = (indicators: unknown) =>
      layoutsPreference.safeParse({ main: { current: withSets(indicators), active: '', saved: {} } }).error?.issues[0]
        ?.message
    expect(refused({ 'spot:BTC USDT': [bb] })).toBe('keys must be market keys such as "spot:btcusdt"')
    expect(refused({ 'margin:btcusdt': [bb] })).toBe('keys must be market keys such as "spot:btcusdt"')
    expect(refused({ 'spot:btcusdt': Array.from({ length: MAX_INDICATORS + 1 }, () => rsi) })).toBe(
      `must hold at most ${MAX_INDICATORS} indicators`
    )
    expect(refused({ 'spot:btcusdt': [{ ...rsi, kind: 'magic' }] })).toMatch(/^must be one of sma, ema/)
    expect(refused({ 'spot:btcusdt': [{ ...rsi, params: [0] }] })).toBe('must be at least 0.001')
    expect(refused({ 'spot:btcusdt': [{ ...rsi, colours: ['red'] }] })).toBe('must be a colour such as "#3d8bfd"')
    expect(refused({ 'spot:btcusdt': [{ ...rsi, extra: 1 }] })).toBe('unknown field(s): extra')
    expect(refused([bb])).toBeDefined() // a list, not by market
    const many = Object.fromEntries(Array.from({ length: MAX_LAYOUT_MARKETS + 1 }, (_, i) => [`spot:m${i}x`, []]))
    expect(refused(many)).toBe(`must hold at most ${MAX_LAYOUT_MARKETS} entries`)
    expect(refused(Object.fromEntries(Object.entries(many).slice(1)))).toBeUndefined() // the most is allowed
  })

  it('a corrupt stored layout is kept aside and told, the other preferences kept, the default laid out', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'prefs-')), 'preferences.json')
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        app: { theme: 'light', layouts: { main: { current: { grid: 'torn' }, active: '', saved: {} } } },
        profiles: {}
      })
    )
    const prefs = service(file)
    expect(prefs.recovery?.dropped).toEqual([expect.stringMatching(/^app\.layouts: /)])
    expect(existsSync(prefs.recovery!.keptAt)).toBe(true)
    expect(readFileSync(prefs.recovery!.keptAt, 'utf8')).toContain('torn')
    const view = prefs.get({})
    expect(view.app.theme).toBe('light')
    expect(view.app.layouts).toEqual({}) // no arrangement: the workspace lays out its default
  })
})

// The main window's layouts (stores/layouts.ts, layout/layout-name.ts): a name is checked as typed (hostile ones
// refused in words, nothing saved; a taken one asks to replace), saved, renamed, deleted, chosen and reset through
// main's preferences (the fake main checks every write with the contract's schema); a stored arrangement the
// workspace cannot lay out is told why (dock-panels.ts layoutProblem).
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { DockLayout } from '@shared/ipc/schemas/preferences-layouts'
import { checkLayoutName } from '../../../src-renderer/src/layout/layout-name'
import { layoutProblem } from '../../../src-renderer/src/layout/dock-panels'
import { t } from '../../../src-renderer/src/i18n'
import { useLayoutsStore } from '../../../src-renderer/src/stores/layouts'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { fakeTerminal, type FakeTerminal } from './fake-terminal'

const grid = { root: { type: 'branch', data: [] }, width: 1200, height: 600, orientation: 'HORIZONTAL' }
const layout = (
  panels: DockLayout['panels'] = { market: { id: 'market', contentComponent: 'market' } }
): DockLayout => ({
  grid,
  panels
})
const words = (r: ReturnType<typeof checkLayoutName>): string =>
  'words' in r ? t(r.words.key as never, r.words.params ?? {}) : 'exists' in r ? `exists ${r.exists}` : 'ok'

let fake: FakeTerminal
/** What main keeps for the main window. */
const kept = () => fake.prefs.view().app.layouts.main
/** Until main has the write (the store answers at once, main a moment later). */
const settled = () => new Promise((r) => setTimeout(r, 0))

beforeEach(async () => {
  localStorage.clear()
  fake = fakeTerminal()
  setActivePinia(createPinia())
  await usePreferencesStore().load()
})

describe('a layout name as typed', () => {
  it('refuses hostile names in words, never changing them', () => {
    expect(words(checkLayoutName('', []))).toBe('A layout name must not be empty')
    expect(words(checkLayoutName(' \u3000 ', []))).toBe('A layout name must not be empty')
    expect(words(checkLayoutName('x'.repeat(41), []))).toBe('A layout name must be at most 40 characters (41 typed)')
    expect(words(checkLayoutName(' left', []))).toBe('A layout name must not start or end with a space')
    expect(words(checkLayoutName('right ', []))).toBe('A layout name must not start or end with a space')
    // A zero-width space made a second "Scalp"; a right-to-left override turned the menu's words around it.
    for (const bad of ['tab\there', 'line\nbreak', 'nul\u0000', 'del\u007f', 'Scalp\u200b', '\u202eplacS'])
      expect(words(checkLayoutName(bad, []))).toBe(
        'A layout name must not hold control or invisible characters (a tab, a line break, a zero-width space, a direction mark)'
      )
    expect(words(checkLayoutName('短线'.repeat(20), []))).toBe('ok') // 40 characters of CJK
    expect(words(checkLayoutName('<img src=x onerror=alert(1)>', []))).toBe('ok') // text like any other
    expect(words(checkLayoutName('__proto__', []))).toBe('ok')
  })

  it('a taken name asks to replace; a rename may keep its own name; past the most, refused', () => {
    expect(words(checkLayoutName('Scalp', ['Scalp']))).toBe('exists Scalp')
    expect(words(checkLayoutName('scalp', ['Scalp']))).toBe('ok') // another name: case is the user's
    expect(words(checkLayoutName('Scalp', ['Scalp'], 'Scalp'))).toBe('ok')
    const twenty = Array.from({ length: 20 }, (_, i) => `L${i}`)
    expect(words(checkLayoutName('L20', twenty))).toBe('At most 20 layouts can be saved: delete one first')
    expect(words(checkLayoutName('L0', twenty))).toBe('exists L0') // replacing one is still allowed
  })
})

describe('useLayoutsStore', () => {
  it('saves under the name as typed, asks before replacing, renames, deletes, chooses and resets through main', async () => {
    const s = useLayoutsStore()
    const a = layout()
    const b = layout({
      market: { id: 'market', contentComponent: 'market' },
      'market-2': { id: 'market-2', contentComponent: 'market', params: { module: 'spot', symbol: 'ethusdt' } }
    })
    expect(s.saveAs('', a)).toMatchObject({ ok: false, words: { key: 'layouts.errors.empty' } })
    await settled()
    expect(kept()).toBeUndefined() // nothing written
    expect(s.saveAs('<b>Scalp</b> 短线', a)).toEqual({ ok: true })
    await settled()
    expect(kept()).toEqual({ current: a, active: '<b>Scalp</b> 短线', saved: { '<b>Scalp</b> 短线': a } })
    // the same name: a question, nothing replaced until the user says so
    expect(s.saveAs('<b>Scalp</b> 短线', b)).toEqual({ ok: false, exists: '<b>Scalp</b> 短线' })
    await settled()
    expect(kept()?.saved['<b>Scalp</b> 短线']).toEqual(a)
    expect(s.saveAs('<b>Scalp</b> 短线', b, true)).toEqual({ ok: true })
    await settled()
    expect(kept()?.saved['<b>Scalp</b> 短线']).toEqual(b)
    expect(s.changed).toBe(false)
    expect(s.keep({ ...b, grid: { ...grid, width: 900 } })).toBe(true) // another window size: the same placement
    await settled()
    expect(s.changed).toBe(false)
    // laid out again after a restart, dockview lists the panels in the order it made them: the same placement
    expect(s.keep({ grid, panels: { 'market-2': b.panels['market-2']!, market: b.panels['market']! } })).toBe(true)
    await settled()
    expect(s.changed).toBe(false)
    expect(s.unsaved).toBe(false) // a reset loses nothing: the layout shown is saved as it is
    expect(s.keep(a)).toBe(true) // the user closed a chart
    await settled()
    expect(s.changed).toBe(true)
    expect(s.unsaved).toBe(true)
    expect(s.saveAs('Two', a)).toEqual({ ok: true })
    expect(s.rename('Two', '<b>Scalp</b> 短线')).toEqual({ ok: false, exists: '<b>Scalp</b> 短线' })
    expect(s.rename('Two', 'two ')).toMatchObject({ ok: false, words: { key: 'layouts.errors.edges' } })
    expect(s.rename('Gone', 'x')).toMatchObject({ ok: false, words: { key: 'layouts.errors.unknown' } })
    expect(s.rename('Two', 'Pair')).toEqual({ ok: true })
    await settled()
    expect(s.names).toEqual(['<b>Scalp</b> 短线', 'Pair'])
    expect(kept()?.active).toBe('Pair')
    expect(s.choose('<b>Scalp</b> 短线')).toEqual(b)
    expect(s.choose('nothing')).toBeNull()
    await settled()
    expect(kept()).toMatchObject({ active: '<b>Scalp</b> 短线', current: b })
    s.remove('<b>Scalp</b> 短线')
    await settled()
    expect(kept()).toMatchObject({ active: '', saved: { Pair: a } })
    expect(s.unsaved).toBe(true) // the default's own arrangement, never saved: a reset asks first
    s.reset()
    await settled()
    expect(kept()).toEqual({ current: null, active: '', saved: { Pair: a } })
    expect(s.unsaved).toBe(false)
  })

  it('does not keep an arrangement main would refuse (too large), keeping the last good one', async () => {
    const s = useLayoutsStore()
    const a = layout()
    expect(s.keep(a)).toBe(true)
    const huge = layout({ market: { id: 'market', contentComponent: 'market', title: 'x'.repeat(200_000) } })
    expect(s.keep(huge)).toBe(false)
    await settled()
    expect(kept()?.current).toEqual(a)
  })
})

describe("a named layout's own chart indicators", () => {
  it('are saved into the layout shown, carried over dockview snapshots, moved by a rename and dropped with it', async () => {
    const s = useLayoutsStore()
    const rsi = { kind: 'rsi' as const, params: [14], colours: ['#c86ee6'] }
    expect(s.setIndicators('spot:btcusdt', [rsi])).toBe(false) // no named layout shown: the market's to keep
    expect(s.saveAs('Scalp', layout())).toEqual({ ok: true })
    expect(s.indicatorsOf('spot:btcusdt')).toBeUndefined()
    expect(s.setIndicators('spot:btcusdt', [rsi])).toBe(true)
    await settled()
    expect(kept()?.saved['Scalp']?.indicators).toEqual({ 'spot:btcusdt': [rsi] })
    expect(kept()?.current?.indicators).toEqual({ 'spot:btcusdt': [rsi] })
    expect(s.indicatorsOf('spot:btcusdt')).toEqual([rsi])
    expect(s.changed).toBe(false)
    // dockview's snapshot has none: kept and saved as another name, the layout's indicators go along
    expect(s.keep(layout({ market: { id: 'market', contentComponent: 'market', title: 'moved' } }))).toBe(true)
    await settled()
    expect(kept()?.current?.indicators).toEqual({ 'spot:btcusdt': [rsi] })
    expect(s.saveAs('Copy', layout())).toEqual({ ok: true })
    await settled()
    expect(kept()?.saved['Copy']?.indicators).toEqual({ 'spot:btcusdt': [rsi] })
    expect(s.rename('Copy', 'Swing')).toEqual({ ok: true })
    await settled()
    expect(kept()?.saved['Swing']?.indicators).toEqual({ 'spot:btcusdt': [rsi] })
    // deleted while shown: the arrangement stays, its indicators go with the layout (the markets' are shown)
    s.remove('Swing')
    await settled()
    expect(kept()?.current).toEqual(layout())
    expect(s.indicatorsOf('spot:btcusdt')).toBeUndefined()
    expect(s.saveAs('Fresh', layout())).toEqual({ ok: true })
    await settled()
    expect(kept()?.saved['Fresh']).toEqual(layout())
    expect(kept()?.saved['Scalp']?.indicators).toEqual({ 'spot:btcusdt': [rsi] })
  })
})

describe('a stored arrangement the workspace cannot lay out', () => {
  it('is told why: an unknown panel, a panel under another id, a registered panel twice, bad parameters', () => {
    expect(layoutProblem(layout())).toBeNull()
    const why = (l: DockLayout) => {
      const w = layoutProblem(l)
      return w && t(w.key as never, w.params ?? {})
    }
    expect(why(layout({ gone: { id: 'gone', contentComponent: 'gone' } }))).toBe("no panel 'gone' in this version")
    expect(why(layout({ a: { id: 'b', contentComponent: 'market' } }))).toBe("panel 'a' is stored as 'b'")
    expect(why(layout({ 'order-2': { id: 'order-2', contentComponent: 'order' } }))).toBe(
      "panel 'order-2' is not the 'order' panel"
    )
    expect(why(layout({ m: { id: 'm', contentComponent: 'market', params: { module: 'options' } as never } }))).toBe(
      "panel 'm' has unreadable parameters"
    )
  })
})

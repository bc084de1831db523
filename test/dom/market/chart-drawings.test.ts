// The drawing layer over the candle chart (ChartDrawings.vue over a plot; ECharts a fake: slot s at x = 10 s + 5,
// price v at y = 1000 - v): a tool places its points click by click and main is asked to keep the drawing at the
// tick's precision, the magnet takes the bar's nearest OHLC, Esc cancels a drawing in progress (a dialog's Esc is
// the dialog's), a press on an own order's line is left to the chart's trading, a drawing is dragged by bars and
// price, a locked one does not move, the Delete key deletes the selected one, and a market full of drawings refuses
// another in words, saving nothing.
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_DRAWINGS, type Drawing } from '@shared/ipc/schemas/preferences-drawings'
import ChartDrawings from '../../../src-renderer/src/panels/market/ChartDrawings.vue'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { useInstrumentsStore } from '../../../src-renderer/src/stores/instruments'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { BTCUSDT } from '../../fixtures/instruments'
import { installFakeClient } from '../trading/fake-client'
import { candleBars } from '../charts/candle-bars'

// Four 15-minute bars; with 4 bars the axis has 72 empty slots first (slotLayout), so bar i sits at x = 725 + 10 i.
const data = candleBars([
  [900, '500.00', '520.00', '480.00', '510.00'],
  [1800, '510.00', '530.00', '505.00', '525.00'],
  [2700, '525.00', '526.00', '490.00', '495.00'],
  [3600, '495.00', '500.00', '470.00', '472.00']
])
const X = (i: number) => 725 + 10 * i

let wrapper: ReturnType<typeof mount> | undefined
afterEach(() => {
  wrapper?.unmount()
  document.body.innerHTML = ''
})

async function setup(opts: { drawings?: Drawing[]; overLine?: string | null } = {}) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const fake = installFakeClient({ 'market.symbols': () => [BTCUSDT], 'preferences.set': () => undefined as never })
  useProfilesStore().activeId = 'p1'
  await useInstrumentsStore().load('spot')
  if (opts.drawings) usePreferencesStore().app.drawings = { 'spot:btcusdt': opts.drawings }
  const plot = document.createElement('div')
  const toolbar = document.createElement('div')
  document.body.append(plot, toolbar)
  const chart = {
    convertFromPixel: (_f: unknown, y: number) => 1000 - y,
    convertToPixel: (f: { xAxisIndex?: number }, v: number) => (f.xAxisIndex === 0 ? 10 * v + 5 : 1000 - v),
    getWidth: () => 1200,
    getHeight: () => 1000
  }
  wrapper = mount(ChartDrawings, {
    props: {
      feed: { gateway: 'spot', symbol: 'btcusdt', key: 'spot:btcusdt', interval: { value: '15min' } } as never,
      plot,
      chart: () => chart as never,
      axes: () => ({ data, slice: { from: 0, to: 4 }, drawnTotal: 4 }),
      overLine: opts.overLine ?? null,
      drawn: 0,
      toolbar
    },
    global: { plugins: [pinia] },
    attachTo: document.body
  })
  await flushPromises()
  const button = async (id: string) => {
    ;(document.querySelector(`[data-testid="${id}"]`) as HTMLElement).click()
    await flushPromises()
  }
  const saved = (): Drawing[][] =>
    fake
      .inputs('preferences.set')
      .map((i) => (i as { app: { drawings: Record<string, Drawing[]> } }).app.drawings['spot:btcusdt'] ?? [])
  return { fake, plot, button, saved }
}
const press = (plot: HTMLElement, x: number, y: number) => {
  const e = new PointerEvent('pointerdown', { button: 0, clientX: x, clientY: y, bubbles: true, cancelable: true })
  plot.dispatchEvent(e)
  return e
}
const moveTo = (x: number, y: number) =>
  window.dispatchEvent(new PointerEvent('pointermove', { clientX: x, clientY: y }))
const release = () => window.dispatchEvent(new PointerEvent('pointerup', {}))
const key = (k: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k }))

const hline = (p: string, locked = false): Drawing => ({
  id: 'h1',
  kind: 'hline',
  points: [{ t: 1800, p }],
  colour: '#f0b90b',
  text: '',
  locked
})

describe('drawing on the candle chart', () => {
  it('places a trend line click by click at bar times and prices on the tick, kept by main', async () => {
    const { plot, button, saved } = await setup()
    await button('draw-open')
    await button('draw-trend')
    expect(press(plot, X(0) + 2, 1000 - 501.234).defaultPrevented).toBe(true)
    await flushPromises()
    expect(saved()).toEqual([]) // one point of two
    press(plot, X(2) - 3, 1000 - 489.991)
    await flushPromises()
    expect(saved()).toHaveLength(1)
    expect(saved()[0]).toEqual([
      expect.objectContaining({
        kind: 'trend',
        points: [
          { t: 900, p: '501.23' },
          { t: 2700, p: '489.99' }
        ],
        locked: false
      })
    ])
    expect(document.querySelector('[data-testid="draw-trend"]')!.getAttribute('aria-pressed')).toBe('false')
  })

  it("snaps to the bar's nearest open, high, low or close with the magnet on", async () => {
    const { plot, button, saved } = await setup()
    await button('draw-open')
    await button('draw-magnet')
    await button('draw-hline')
    press(plot, X(1), 1000 - 528) // nearest of 510, 530, 505, 525: the high
    await flushPromises()
    expect(saved()[0]![0]!.points).toEqual([{ t: 1800, p: '530.00' }])
  })

  it('Esc cancels a drawing in progress, and a press on an own order line is not taken', async () => {
    const { plot, button, saved } = await setup()
    await button('draw-open')
    await button('draw-rect')
    press(plot, X(0), 500)
    // Esc in a dialog opened over the chart is the dialog's: the drawing goes on.
    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    const field = document.createElement('input')
    dialog.append(field)
    document.body.append(dialog)
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await flushPromises()
    expect(document.querySelector('[data-testid="draw-rect"]')!.getAttribute('aria-pressed')).toBe('true')
    key('Escape')
    await flushPromises()
    expect(document.querySelector('[data-testid="draw-rect"]')!.getAttribute('aria-pressed')).toBe('false')
    press(plot, X(1), 520)
    await flushPromises()
    expect(saved()).toEqual([])
    wrapper!.unmount()
    wrapper = undefined
    const s = await setup({ overLine: 'order:7' })
    await s.button('draw-open')
    await s.button('draw-hline')
    expect(press(s.plot, X(1), 500).defaultPrevented).toBe(false)
    await flushPromises()
    expect(s.saved()).toEqual([])
  })

  it('drags a drawing by price, not when locked, and the Delete key deletes it', async () => {
    const { plot, saved } = await setup({ drawings: [hline('500.00')] })
    // The line is at row 500: pressed on it, dragged 20.5 px up.
    expect(press(plot, 300, 501).defaultPrevented).toBe(true)
    moveTo(300, 480.5)
    release()
    await flushPromises()
    expect(saved().at(-1)![0]!.points).toEqual([{ t: 1800, p: '520.50' }])

    usePreferencesStore().app.drawings = { 'spot:btcusdt': [hline('520.50', true)] }
    await flushPromises()
    press(plot, 300, 1000 - 520.5)
    moveTo(300, 400)
    release()
    await flushPromises()
    expect(saved()).toHaveLength(1) // the locked one did not move
    key('Delete')
    await flushPromises()
    expect(saved().at(-1)).toEqual([])
  })

  it('refuses a drawing beyond the bound per market in words, saving nothing', async () => {
    const full = Array.from({ length: MAX_DRAWINGS }, (_, i) => ({ ...hline('400.00'), id: `d${i}` }))
    const { plot, button, saved } = await setup({ drawings: full })
    await button('draw-open')
    await button('draw-hline')
    press(plot, X(1), 300)
    await flushPromises()
    expect(saved()).toEqual([])
    expect(useFeedbackStore().toasts.at(-1)).toMatchObject({
      title: 'Drawing not saved',
      text: `A market keeps at most ${MAX_DRAWINGS} drawings: delete one first`
    })
  })

  it('edits the selected drawing: its colour and its note kept as typed (markup shown as text), not when locked', async () => {
    const note: Drawing = { ...hline('500.00'), id: 't1', kind: 'text', text: 'Note' }
    const { saved } = await setup({ drawings: [note] })
    ;(document.querySelector('[data-drawing-id="t1"] button') as HTMLElement).click()
    await flushPromises()
    const field = document.querySelector('[data-testid="draw-note"]') as HTMLInputElement
    field.value = '<b>sell 🚀</b>'
    field.dispatchEvent(new Event('change'))
    await flushPromises()
    const colour = document.querySelector('[data-testid="draw-colour"]') as HTMLInputElement
    colour.value = '#00ff00'
    colour.dispatchEvent(new Event('change'))
    await flushPromises()
    expect(saved().at(-1)![0]).toMatchObject({ text: '<b>sell 🚀</b>', colour: '#00ff00' })
    const label = document.querySelector('[data-testid="drawings-layer"] text')!
    expect(label.textContent).toContain('<b>sell 🚀</b>')
    expect(label.querySelector('b')).toBeNull()

    ;(document.querySelector('[data-testid="draw-lock"]') as HTMLElement).click()
    await flushPromises()
    expect(saved().at(-1)![0]!.locked).toBe(true)
    expect(field.disabled).toBe(true)
    field.value = 'changed'
    field.dispatchEvent(new Event('change'))
    await flushPromises()
    expect(saved().at(-1)![0]!.text).toBe('<b>sell 🚀</b>')
  })
})

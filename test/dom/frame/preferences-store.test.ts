// The renderer's preferences: main's values read before the first paint and followed (another window's change shows
// here), a change shown at once and written through main, a refusal told and main's value put back, a write in flight
// not undone by older news, the per-profile part the window's profile's only, and an older build's localStorage
// imported once (values that break a rule named, not sent).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { CHART_INTERVALS } from '@shared/ipc/schemas/preferences'
import type { PreferencesView } from '@shared/ipc/views/preferences'
import { INTERVALS } from '../../../src-renderer/src/charts/candle-option'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { LEGACY_IMPORTED_KEY } from '../../../src-renderer/src/stores/legacy-preferences'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { fakeTerminal, type FakeTerminal } from './fake-terminal'
import { PAPER, profilesView, REMOTE } from './fixtures'

let fake: FakeTerminal
beforeEach(() => {
  localStorage.clear()
  fake = fakeTerminal({
    'profiles.secretStatus': () => ({ hasKeys: false, apiKeyMasked: null, hasRsaKey: false, keptIn: null })
  })
})

/** A window: its own Pinia, main's preferences read first (as main.ts does). */
async function newWindow() {
  setActivePinia(createPinia())
  const p = usePreferencesStore()
  await p.load()
  return p
}

describe('usePreferencesStore', () => {
  it('reads main’s values before anything renders, and follows another window’s changes', async () => {
    fake.prefs.set({ app: { theme: 'light', shortcuts: false } })
    const a = await newWindow()
    expect(a).toMatchObject({ theme: 'light', shortcuts: false, loaded: true, profileId: PAPER.id })
    const b = await newWindow()
    b.theme = 'dark'
    expect(b.theme).toBe('dark') // at once
    await flushPromises()
    expect(fake.prefs.view().app.theme).toBe('dark')
    expect(a.theme).toBe('dark') // the other window followed
  })

  it('tells a refusal and puts main’s value back', async () => {
    const p = await newWindow()
    p.setApp({ layout: { side: 10, order: 300, bottom: 200 } })
    expect(p.app.layout.side).toBe(10)
    await flushPromises()
    expect(p.app.layout).toEqual({ side: 268, order: 308, bottom: 250 })
    expect(useFeedbackStore().toasts[0]).toMatchObject({
      title: 'The preference could not be saved',
      code: 'invalid-input app.layout.side'
    })
    expect(useFeedbackStore().toasts[0]!.text).toContain('must be at least 200')
  })

  it('keeps a value being written over older news of it, then shows main’s', async () => {
    let answer: (v: PreferencesView) => void = () => undefined
    fake.handlers['preferences.set'] = (i) => new Promise((r) => (answer = () => r(fake.prefs.set(i))))
    const p = await newWindow()
    p.theme = 'light'
    fake.emit('preferences.onChange', fake.prefs.view()) // news from before the write: still dark
    expect(p.theme).toBe('light')
    answer(fake.prefs.view())
    await flushPromises()
    expect(p.theme).toBe('light')
    expect(fake.prefs.view().app.theme).toBe('light')
  })

  it('shows only the window’s profile’s per-profile values: emptied at a switch, the new profile’s as main tells them', async () => {
    fake.prefs.set({ profile: { favourites: ['spot:btcusdt'] } })
    fake.prefs.set({ profileId: REMOTE.id, profile: { favourites: ['spot:dogeusdt'] } })
    const p = await newWindow()
    const profiles = useProfilesStore()
    profiles.start()
    fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
    expect(p.profile.favourites).toEqual(['spot:btcusdt'])
    fake.handlers['preferences.get'] = () => new Promise(() => undefined) // (not asked: the stream tells)
    fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], REMOTE.id))
    await flushPromises()
    expect(fake.subscribed('preferences.onChange').at(-1)).toEqual({ profileId: REMOTE.id })
    expect(p).toMatchObject({ profileId: REMOTE.id, profileReady: true })
    expect(p.profile.favourites).toEqual(['spot:dogeusdt'])
    // A late event of the old profile is not this window's.
    fake.emit('preferences.onChange', fake.prefs.view(PAPER.id))
    expect(p.profile.favourites).toEqual(['spot:dogeusdt'])
    p.setProfile({ favourites: ['spot:dogeusdt', 'spot:ethusdt'] })
    await flushPromises()
    expect(fake.prefs.view(REMOTE.id).profile.favourites).toEqual(['spot:dogeusdt', 'spot:ethusdt'])
    expect(fake.prefs.view(PAPER.id).profile.favourites).toEqual(['spot:btcusdt'])
  })

  it('imports what an older build left in localStorage once, naming what breaks a rule', async () => {
    localStorage.setItem(
      'chtrader.preferences',
      JSON.stringify({ theme: 'light', confirmOrders: false, shortcuts: true })
    )
    localStorage.setItem('chtrader.favourites', JSON.stringify(['spot:ethusdt', 'futures:E-BTC-USDT']))
    localStorage.setItem('chtrader.market', JSON.stringify({ interval: '1day', steps: { 'spot:btcusdt': '10' } }))
    localStorage.setItem('chtrader.layout', JSON.stringify({ side: 300, order: 280, bottom: 200 }))
    localStorage.setItem(
      'chtrader.lastMarket',
      JSON.stringify({ module: 'Futures', symbols: { Spot: 'ethusdt', Margin: 'btcusdt', Futures: 'E-ETH-USDT' } })
    )
    localStorage.setItem('chtrader.monitor.default', JSON.stringify(['spot:btcusdt']))
    localStorage.setItem('chtrader.windows', JSON.stringify({ version: 1, routes: ['/monitor/default'] }))
    localStorage.setItem('chtrader.notifications', 'off')
    localStorage.setItem('chtrader.bottomTab', 'positions')
    localStorage.setItem('chtrader.startupNoticesTold', JSON.stringify(['embedded-set-aside:/x']))
    localStorage.setItem('chtrader.monitor.bad', JSON.stringify({ not: 'a list' }))
    const p = await newWindow()
    expect(p.app).toMatchObject({
      theme: 'light',
      confirmOrders: false,
      interval: '1day',
      layout: { side: 300 },
      openWindows: ['/monitor/default'],
      notifyFills: false,
      bottomTab: 'positions',
      toldNotices: ['embedded-set-aside:/x']
    })
    expect(p.profile).toMatchObject({
      favourites: ['spot:ethusdt', 'futures:E-BTC-USDT'],
      bookSteps: { 'spot:btcusdt': '10' },
      lastMarket: { module: 'futures', symbols: { futures: 'E-ETH-USDT' } }
    })
    // The monitor layouts are one value: one bad layout keeps them all out, and the user is told which rule.
    expect(p.profile.monitors).toEqual({})
    expect(useFeedbackStore().toasts[0]).toMatchObject({
      kind: 'warn',
      title: 'Some preferences of the older version were not imported'
    })
    expect(useFeedbackStore().toasts[0]!.text).toMatch(/^monitors: /)
    expect(fake.prefs.view()).toMatchObject({ legacyImported: true, app: { theme: 'light' } })
    expect(localStorage.getItem(LEGACY_IMPORTED_KEY)).not.toBeNull()
    expect(localStorage.getItem('chtrader.favourites')).not.toBeNull() // left as it was

    // Imported once: a later window of this origin asks nothing, and a newer choice stays.
    p.theme = 'dark'
    await flushPromises()
    await newWindow()
    expect(fake.inputs('preferences.importLegacy')).toHaveLength(1)
    expect(fake.prefs.view().app.theme).toBe('dark')
  })

  it('does not import an origin’s old values when main already took an older build’s (another origin’s), and marks it', async () => {
    fake.prefs.importLegacy({ app: { theme: 'light' }, profile: {} })
    localStorage.setItem('chtrader.preferences', JSON.stringify({ theme: 'dark' }))
    const p = await newWindow()
    expect(p.theme).toBe('light')
    expect(fake.inputs('preferences.importLegacy')).toEqual([])
    expect(localStorage.getItem(LEGACY_IMPORTED_KEY)).not.toBeNull()
  })

  it('paints with the defaults when main does not answer in time, and shows main’s values when it does', async () => {
    vi.useFakeTimers()
    try {
      fake.prefs.set({ app: { theme: 'light' } })
      fake.handlers['preferences.get'] = () => new Promise(() => undefined)
      setActivePinia(createPinia())
      const p = usePreferencesStore()
      let painted = false
      const loading = p.load().then(() => (painted = true))
      await vi.advanceTimersByTimeAsync(2900)
      expect([painted, p.theme]).toEqual([false, 'dark'])
      await vi.advanceTimersByTimeAsync(100)
      await loading
      expect(painted).toBe(true) // the page paints with what it has
      expect(p).toMatchObject({ loaded: true, theme: 'light' }) // and the stream tells main's values
    } finally {
      vi.useRealTimers()
    }
  })

  it('knows the chart’s intervals exactly (the contract refuses any other)', () => {
    expect([...CHART_INTERVALS]).toEqual(INTERVALS.map((i) => i.id))
  })
})

// Windows: pop-outs and monitors opened through the browser host, remembered (by main, a preference) while open,
// reopened at the next start unless already open, forgotten when the user closes them; in Electron, opened by main
// through the contract. Monitor layouts are main's too, per profile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useWindowsStore } from '../../../src-renderer/src/stores/windows'
import { fakeTerminal, type FakeTerminal } from './fake-terminal'

const opened = vi.hoisted(() => ({ routes: [] as string[], fail: new Set<string>() }))
vi.mock('../../../src-renderer/src/bridge/terminal-bridge', async (original) => ({
  ...(await original<object>()),
  openTerminalWindow: async (route: string) => {
    if (opened.fail.has(route)) throw new Error('blocked')
    opened.routes.push(route)
  }
}))

/** One turn of the event loop that fake timers leave alone (the tests run in Node; the DOM types lack it). */
const turn = () =>
  new Promise<void>((r) => (globalThis as unknown as { setImmediate: (f: () => void) => void }).setImmediate(r))
/** Waits (real time, whatever the fake timers) until `done` holds; the test's timeout bounds it. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await turn()
}
/** For what happens after the store's own timers (restore wait, forget delay): generous on a loaded machine. */
const LATE = { timeout: 8000, interval: 20 }
let fake: FakeTerminal
/** The windows main keeps to reopen. */
const saved = () => fake.prefs.view().app.openWindows
const stores: ReturnType<typeof useWindowsStore>[] = []
/** The store of a window: its own Pinia, its own channel, main's preferences read first (as main.ts does). */
async function windowStore() {
  setActivePinia(createPinia())
  await usePreferencesStore().load()
  const w = useWindowsStore()
  stores.push(w)
  return w
}
const otherWindow = windowStore

beforeEach(() => {
  localStorage.clear()
  opened.routes = []
  opened.fail.clear()
  fake = fakeTerminal()
  setActivePinia(createPinia())
})
afterEach(() => {
  for (const w of stores.splice(0)) w.dispose() // (clears the store's timers, fake ones too)
  vi.useRealTimers()
  delete (window as { terminal?: unknown }).terminal
})

describe('useWindowsStore', () => {
  it('pops a market out and opens the monitor through the browser host, and remembers both', async () => {
    const w = useWindowsStore()
    expect(w.canOpen).toBe(true)
    expect(await w.popOut('futures', 'E-BTC-USDT')).toBe(true)
    expect(await w.openMonitor()).toBe(true)
    expect(opened.routes).toEqual(['/market/futures/e-btc-usdt', '/monitor/default'])
    expect(saved()).toEqual(['/market/futures/e-btc-usdt', '/monitor/default'])
  })

  it('asks main for the window in Electron (windows.open), opening no tab and remembering nothing itself', async () => {
    Object.defineProperty(window, 'terminal', { value: {}, configurable: true })
    fake = fakeTerminal({ 'windows.open': () => ({ opened: true }) })
    const w = useWindowsStore()
    expect(w.canOpen).toBe(true)
    expect(await w.popOut('futures', 'E-BTC-USDT')).toBe(true)
    expect(await w.openMonitor('desk')).toBe(true)
    expect(fake.inputs('windows.open')).toEqual([
      { kind: 'market', module: 'futures', symbol: 'E-BTC-USDT' },
      { kind: 'monitor', layout: 'desk' }
    ])
    expect(opened.routes).toEqual([])
    expect(saved()).toEqual([])
  })

  it('tells the user when main refuses a window', async () => {
    Object.defineProperty(window, 'terminal', { value: {}, configurable: true })
    fakeTerminal()
    const w = useWindowsStore()
    expect(await w.popOut('spot', 'btcusdt')).toBe(false)
    expect(useFeedbackStore().toasts[0]?.title).toMatch(/Could not open the window/)
  })

  it('reopens the windows of the last session that are not open, and forgets one the user closes', async () => {
    fake.prefs.set({ app: { openWindows: ['/market/spot/ethusdt', '/monitor/default'] } })
    // The store's own timers (the restore's wait for answers, the forget delay) are fake, so a loaded machine cannot
    // fire them before the windows' messages arrive; the messages stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const monitor = await otherWindow()
    monitor.announce('/monitor/default') // still open from before (the main window was reloaded): this hello is unheard
    const heard: unknown[] = []
    const spy = new BroadcastChannel('chtrader.windows')
    spy.onmessage = (e: MessageEvent) => heard.push(e.data)
    const selected = vi.fn()
    const main = await windowStore()
    main.startMain(selected)
    try {
      // Main pings; once the monitor has answered hello, a select it sends reaches main after that answer.
      const kinds = () => heard.map((m) => (m as { t: string }).t)
      await until(() => kinds().includes('ping') && kinds().slice(kinds().indexOf('ping')).includes('hello'))
      monitor.showInMain('spot', 'btcusdt')
      await until(() => selected.mock.calls.length === 1)
      await vi.advanceTimersByTimeAsync(600) // the restore's wait is over
      await until(() => opened.routes.length > 0)
      await turn() // the restore opens one window after another, in promise continuations
      expect(opened.routes).toEqual(['/market/spot/ethusdt'])

      window.dispatchEvent(new Event('pagehide')) // the monitor window closes: bye, then a select main hears after it
      monitor.showInMain('spot', 'ethusdt')
      await until(() => selected.mock.calls.length === 2)
      await vi.advanceTimersByTimeAsync(300)
      expect(saved()).toContain('/monitor/default') // not yet (forgotten ~1.5 s later): a quitting browser takes the main window too
      await vi.advanceTimersByTimeAsync(1500)
      expect(saved()).toEqual(['/market/spot/ethusdt'])
    } finally {
      spy.close()
    }
  })

  it('forgets a window whose goodbye was lost: it stops answering the heartbeat', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const main = await windowStore()
    main.startMain(vi.fn())
    const monitor = await otherWindow()
    monitor.announce('/monitor/default')
    await until(() => saved().includes('/monitor/default'))
    await vi.advanceTimersByTimeAsync(3000) // a ping: the monitor answers
    await until(() => true)
    await turn()
    await vi.advanceTimersByTimeAsync(3000 + 1500)
    expect(saved()).toEqual(['/monitor/default']) // alive: answered every ping
    monitor.dispose() // killed: no pagehide, no bye, no more answers
    await vi.advanceTimersByTimeAsync(3000) // the ping it no longer answers
    await vi.advanceTimersByTimeAsync(3000 + 1500) // found silent at the next tick, forgotten after the delay
    await until(() => !saved().includes('/monitor/default'))
    expect(saved()).toEqual([])
  })

  it('offers one click to reopen windows a popup blocker refused', async () => {
    fake.prefs.set({ app: { openWindows: ['/monitor/default'] } })
    opened.fail.add('/monitor/default')
    const main = await windowStore()
    main.startMain(() => undefined)
    await vi.waitFor(() => expect(useFeedbackStore().toasts).toHaveLength(1), LATE)
    const toast = useFeedbackStore().toasts[0]!
    expect(toast.title).toBe('1 window of the last session could not be reopened')
    expect(toast.action!.label).toBe('Reopen')
    opened.fail.clear()
    toast.action!.run()
    await vi.waitFor(() => expect(opened.routes).toEqual(['/monitor/default']), LATE)
  })

  it('lets another window show its market in the main window', async () => {
    const onSelect = vi.fn()
    ;(await windowStore()).startMain(onSelect)
    const pop = await otherWindow()
    pop.announce('/market/spot/btcusdt')
    pop.showInMain('spot', 'btcusdt')
    await vi.waitFor(() => expect(onSelect).toHaveBeenCalledWith('spot', 'btcusdt'), LATE)
  })

  it('keeps monitor layouts by name, in main: another window (or run) reads them; a bad one is refused and said', async () => {
    const w = await windowStore()
    expect(w.layouts['desk']).toBeUndefined()
    w.setMonitorMarkets('desk', ['spot:btcusdt', 'futures:E-BTC-USDT', 'spot:btcusdt'])
    expect(w.layouts['desk']).toEqual(['spot:btcusdt', 'futures:E-BTC-USDT'])
    await vi.waitFor(() =>
      expect(fake.prefs.view().profile.monitors).toEqual({ desk: ['spot:btcusdt', 'futures:E-BTC-USDT'] })
    )
    expect((await otherWindow()).layouts['desk']).toEqual(['spot:btcusdt', 'futures:E-BTC-USDT'])
    w.setMonitorMarkets('desk', ['BTC/USDT'])
    await vi.waitFor(() => expect(useFeedbackStore().toasts[0]?.title).toBe('The preference could not be saved'))
    expect(useFeedbackStore().toasts[0]!.text).toContain('must be a market key such as "spot:btcusdt"')
    expect(w.layouts['desk']).toEqual(['spot:btcusdt', 'futures:E-BTC-USDT']) // main's value back
  })
})

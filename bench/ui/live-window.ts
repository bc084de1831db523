// Terminal windows of the live benches (idle.bench.ts, soak.bench.ts) in Chromium: the main window on a launch URL
// or another market's window (a one-time token minted as the pop-out button mints it), waited on until its market
// is live; the contract stream events each window receives, counted by channel; CDP Performance metrics.
import type { BrowserContext, CDPSession, Page } from 'playwright-core'

/** `data-testid` selector. */
const testId = (id: string): string => `[data-testid="${id}"]`

/** Waits until the window's status bar says connected and its order book has a bid row drawn. */
export async function waitLive(page: Page, timeout = 60_000): Promise<void> {
  await page.locator(`${testId('connection-status')}[data-state="connected"]`).waitFor({ timeout })
  await page.locator(testId('orderbook-bid')).first().waitFor({ timeout })
}

/** A one-time URL for `route` (`/market/spot/ethusdt`) minted from `page`'s session, as the pop-out button does. */
export async function windowUrl(page: Page, route: string): Promise<string> {
  const token = await page.evaluate(async () => {
    const secret = sessionStorage.getItem('chtrader.session')
    const res = await fetch('/session', { method: 'POST', headers: { Authorization: `Bearer ${secret}` } })
    if (!res.ok) throw new Error(`/session answered ${res.status}`)
    return ((await res.json()) as { token: string }).token
  })
  return `${new URL(page.url()).origin}/#${route}&token=${token}`
}

/** Opens `url` in a new page of `context` and waits until its market is live. */
export async function openLive(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(url)
  await waitLive(page)
  return page
}

export interface StreamCounts {
  /** Events received by contract channel (`market.onBook`, `account.onUpdate`, ...). */
  events: Record<string, number>
  /** Public trades in the market.onTrades events. */
  trades: number
}

/**
 * Counts the contract events `page` receives on its socket to main, by channel (from the `sub` messages it sent).
 * Attach before the page opens its socket; `take()` returns the counts since the last take and starts again.
 */
export function countStreams(page: Page): { take(): StreamCounts } {
  const channels = new Map<number, string>()
  let counts: StreamCounts = { events: {}, trades: 0 }
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => {
      if (typeof f.payload !== 'string') return
      const m = JSON.parse(f.payload) as { t?: string; id?: number; channel?: string }
      if (m.t === 'sub' && m.id !== undefined && m.channel) channels.set(m.id, m.channel)
    })
    ws.on('framereceived', (f) => {
      if (typeof f.payload !== 'string') return
      const m = JSON.parse(f.payload) as { t?: string; id?: number; payload?: { trades?: unknown[] } }
      if (m.t !== 'event' || m.id === undefined) return
      const channel = channels.get(m.id) ?? 'unknown'
      counts.events[channel] = (counts.events[channel] ?? 0) + 1
      if (channel === 'market.onTrades') counts.trades += m.payload?.trades?.length ?? 0
    })
  })
  return {
    take() {
      const c = counts
      counts = { events: {}, trades: 0 }
      return c
    }
  }
}

/** CDP Performance metrics of a page (names as Chromium gives them: TaskDuration, JSEventListeners, Nodes, ...). */
export async function metricsOf(page: Page): Promise<{ read(): Promise<Record<string, number>>; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  return {
    cdp,
    read: async () =>
      Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
  }
}

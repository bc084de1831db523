// One account on screen, in a real Chromium against two real exchanges: the paper one (BTC about 65,000) and a
// second embedded exchange started here (BTC about 40,000, its own keys and funds), added through Settings as a
// remote profile. Each gets a futures position and a resting spot order; then the profile is switched a dozen times,
// and after every switch no element of the main window, a pop-out or the monitor shows a price, order, position or
// balance of the other account (not even for a frame), and the book, the position or order, the balances and the
// form fill within seconds, without a reload. Then the second exchange is killed: its views say "disconnected" and
// an order wants the staleness confirmation; started again on the same port, everything refills by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Gateway } from '@shared/api/types'
import type { StatusView } from '@shared/ipc/views/status'
import type { TerminalCore } from '../../src-main/core/terminal-core'
import { addRemoteProfile, switchProfile } from './profiles-ui'
import { connected, testId as id, useTerminalSession, withContract } from './terminal-harness'
import { SECOND_KEYS, startSecondExchange, type SecondExchange } from './second-exchange'

interface Venue {
  name: string
  /** Where its BTC prices are (the other venue's never come near). */
  band: [number, number]
  /** Its own data, which must never show under the other profile. Sizes use all six decimals: the public tape and
   *  book of the other venue showed 0.012300 once, and a shorter marker matched it. */
  markers: string[]
  spot: { price: string; volume: string }
  futures: { side: 'buy' | 'sell'; volume: string; row: string }
  /** Its USDT spot balance starts with this (100,000 on paper, 177,777 on the second venue). */
  usdt: RegExp
}

const PAPER: Venue = {
  name: 'Embedded exchange (paper)',
  band: [58_000, 72_000],
  markers: ['0.012347', '52,000.00', 'Long BTC/USDT perpetual'],
  spot: { price: '52000', volume: '0.012347' },
  futures: { side: 'buy', volume: '2', row: 'Long BTC/USDT perpetual' },
  usdt: /^100,000/
}
const SECOND: Venue = {
  name: 'Second venue',
  band: [36_000, 44_000],
  markers: ['0.045619', '20,000.00', 'Short BTC/USDT perpetual', '177,777'],
  spot: { price: '20000', volume: '0.045619' },
  futures: { side: 'sell', volume: '5', row: 'Short BTC/USDT perpetual' },
  usdt: /^177,777/
}
const other = (v: Venue): Venue => (v === PAPER ? SECOND : PAPER)
/** "Within a few seconds" on a loaded 2-core box. */
const FILL_MS = 12_000

/** Every text node, input value and price attribute of the page, each on its own (no run-together numbers). */
/** Every text a page holds, with where it is (the nearest element's test id): a failure names the element. */
const pageTexts = (page: Page): Promise<{ text: string; where: string }[]> =>
  page.evaluate(() => {
    const out: { text: string; where: string }[] = []
    const where = (el: Element | null): string => el?.closest('[data-testid]')?.getAttribute('data-testid') ?? '?'
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let n = walk.nextNode(); n; n = walk.nextNode())
      if (n.textContent?.trim()) out.push({ text: n.textContent, where: where(n.parentElement) })
    for (const el of document.querySelectorAll('input, textarea'))
      out.push({ text: (el as HTMLInputElement).value, where: where(el) })
    for (const el of document.querySelectorAll('[data-price]'))
      out.push({ text: el.getAttribute('data-price') ?? '', where: where(el) })
    return out
  })

/**
 * What of `foreign` a page shows: prices in its band (numbers written with a decimal point or thousands), its markers.
 */
async function foreignOn(page: Page, foreign: Venue): Promise<string[]> {
  const found: string[] = []
  for (const { text: raw, where } of await pageTexts(page)) {
    const t = raw.replace(/(?:https?|wss?):\/\/\S+/g, '') // a URL's port is no price
    for (const m of t.matchAll(/\d[\d,]*\.\d+|\d{1,3}(?:,\d{3})+/g)) {
      if (t[m.index + m[0].length] === '%') continue // a margin rate, not a price
      const v = Number(m[0].replace(/,/g, ''))
      if (v >= foreign.band[0] && v <= foreign.band[1])
        found.push(`price ${m[0]} in "${t.trim().slice(0, 80)}" (${where})`)
    }
    for (const k of foreign.markers) if (t.includes(k)) found.push(`"${k}" in "${t.trim().slice(0, 80)}" (${where})`)
  }
  return found
}

/** Market channels main holds for the named profile across every window (its status, asked as a window asks). */
const channelsOf = (core: TerminalCore, name: string): Promise<number> =>
  withContract(core, async (client) => {
    const profileId = (await client.invoke('profiles.list', {})).profiles.find((p) => p.name === name)!.id
    const status = await new Promise<StatusView>((resolve) => {
      const off = client.subscribe('app.onStatus', { profileId }, (v) => (resolve(v), queueMicrotask(off)))
    })
    return status.feeds.reduce((n, f) => n + f.channels, 0)
  })

const bookPrices = (page: Page, side: 'ask' | 'bid' = 'ask'): Promise<number[]> =>
  page.locator(id(`orderbook-${side}`)).evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-price'))))

/** The book shows at least three levels, every one of them `v`'s. */
async function bookIsOf(page: Page, v: Venue): Promise<boolean> {
  const p = await bookPrices(page)
  return p.length >= 3 && p.every((x) => x >= v.band[0] && x <= v.band[1])
}

const switchTo = (page: Page, v: Venue): Promise<void> => switchProfile(page, v.name)

async function module(page: Page, m: Gateway): Promise<void> {
  await page.locator(id(`module-tab-${m}`)).click()
  await expect
    .poll(() => page.locator(`${id('order-entry')} .op-mod`).textContent())
    .toBe(m === 'spot' ? 'Spot' : 'Futures')
}

/** A limit order through the form, confirmed in the dialog, which must name the account. */
async function order(page: Page, v: Venue, side: 'buy' | 'sell', price: string, volume: string): Promise<void> {
  await page.locator(id(`order-side-${side}`)).click()
  await page.locator(id('order-type')).selectOption('LIMIT')
  await page.locator(id('order-price')).fill(price)
  await page.locator(id('order-volume')).fill(volume)
  await page.locator(id('order-submit')).click()
  await expect.poll(() => page.locator(id('order-confirm-profile')).textContent()).toContain(v.name)
  // These prices sit far from the market on purpose (they must rest): the price guard wants its tick.
  const guard = page.locator(id('order-confirm-guard-ack-deviation'))
  if (await guard.count()) await guard.check()
  await page.locator(id('order-confirm')).click()
  await expect
    .poll(() => page.locator(id('order-result')).textContent(), { timeout: 10_000 })
    .toMatch(/ order placed: /)
}

/** A futures position of `v` opened with a limit order across the book (a taker at once, of a known size). */
async function openPosition(page: Page, v: Venue): Promise<void> {
  await module(page, 'futures')
  await expect.poll(() => bookIsOf(page, v), { timeout: 20_000 }).toBe(true)
  await page.locator(id('order-open')).click()
  // The side taken must have levels too (a venue's bots may have laid its asks and not yet its bids).
  const taken = v.futures.side === 'buy' ? 'ask' : 'bid'
  await expect.poll(async () => (await bookPrices(page, taken)).length, { timeout: 20_000 }).toBeGreaterThan(0)
  const best =
    v.futures.side === 'buy'
      ? Math.min(...(await bookPrices(page, 'ask')))
      : Math.max(...(await bookPrices(page, 'bid')))
  await order(page, v, v.futures.side, (best * (v.futures.side === 'buy' ? 1.004 : 0.996)).toFixed(1), v.futures.volume)
  await page.locator(id('bottom-tab-positions')).click()
  await expect
    .poll(() => page.locator(id('position-row')).first().textContent(), { timeout: 15_000 })
    .toContain(v.futures.row)
}

describe('profile switches in Chromium, two exchanges', () => {
  let second: SecondExchange
  let popout: Page
  let monitor: Page
  beforeAll(async () => {
    second = await startSecondExchange()
  })
  afterAll(async () => {
    await second?.close()
  })
  const { session, errors } = useTerminalSession(async (s) => {
    await connected(s.page)
    await s.page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })
  })

  it(
    'each venue gets a position and an order; a dozen switches never show one account under the other',
    { timeout: 420_000 },
    async () => {
      const s = session()
      const { page } = s
      // The paper account: a resting spot bid and a futures long.
      await order(page, PAPER, 'buy', PAPER.spot.price, PAPER.spot.volume)
      await openPosition(page, PAPER)

      // The second exchange, added through Settings as a remote profile with its keys.
      await addRemoteProfile(page, { name: SECOND.name, ...second.urls, ...SECOND_KEYS })

      await switchTo(page, SECOND)
      await openPosition(page, SECOND)
      await module(page, 'spot')
      await order(page, SECOND, 'buy', SECOND.spot.price, SECOND.spot.volume)

      // A pop-out and the monitor, as the desktop's other windows: they follow the profile too.
      popout = await s.chromium.context.newPage()
      await popout.goto(s.launchUrl('/market/futures/E-BTC-USDT'))
      monitor = await s.chromium.context.newPage()
      await monitor.goto(s.launchUrl('/monitor/main'))
      await popout.locator(id('popout-view')).waitFor({ timeout: 20_000 })
      await expect.poll(() => bookIsOf(popout, SECOND), { timeout: 20_000 }).toBe(true)
      await monitor.locator(id('monitor-tile-btcusdt')).waitFor({ timeout: 20_000 })

      // What each pass looks at besides the book: the position, the open order, the balances, the futures wallet.
      const views = [
        { module: 'futures', tab: 'positions' },
        { module: 'spot', tab: 'orders' },
        { module: 'spot', tab: 'account' },
        { module: 'futures', tab: 'transfer' }
      ] as const
      for (let i = 0; i < 12; i++) {
        const v = i % 2 === 0 ? PAPER : SECOND
        const view = views[Math.floor(i / 2) % views.length]!
        await switchTo(page, v)
        // The first frame of the new profile: nothing of the other one, in any window.
        for (const [w, p] of [
          ['main window', page],
          ['pop-out', popout],
          ['monitor', monitor]
        ] as const)
          expect(await foreignOn(p, other(v)), `pass ${i} (${v.name}), at the switch, ${w}`).toEqual([])
        expect(await page.locator(id('profile-tag')).first().textContent()).toContain(v.name)

        // Then everything fills, without a reload.
        await module(page, view.module)
        await expect
          .poll(() => bookIsOf(page, v), { timeout: FILL_MS, message: `pass ${i}: the book of ${v.name}` })
          .toBe(true)
        await expect
          .poll(() => bookIsOf(popout, v), { timeout: FILL_MS, message: `pass ${i}: the pop-out's book` })
          .toBe(true)
        await page.locator(id(`bottom-tab-${view.tab}`)).click()
        if (view.tab === 'positions') {
          await expect
            .poll(() => page.locator(id('position-row')).first().textContent(), { timeout: FILL_MS })
            .toContain(v.futures.row)
          expect(await page.locator(id('order-available')).textContent()).toMatch(/USDT/)
        } else if (view.tab === 'orders') {
          const rows = page.locator(`${id('open-orders')} tbody tr[data-order-id]`)
          await expect
            .poll(() => rows.first().textContent(), { timeout: FILL_MS })
            .toContain(`${Number(v.spot.price).toLocaleString('en-US')}.00`)
          expect(await rows.count()).toBe(1)
        } else if (view.tab === 'account') {
          const total = page.locator(`${id('balances')} tr[data-asset="USDT"] td`).nth(3)
          await expect.poll(() => total.textContent(), { timeout: FILL_MS }).toMatch(v.usdt)
        } else if (v === PAPER) {
          // The paper profile signs transfers (its RSA key): its futures wallet shows; the second venue's cannot.
          const wallet = page.locator(`${id('futures-wallet')} tr[data-coin="USDT"] ${id('wallet-balance')}`)
          await expect
            .poll(async () => Number(((await wallet.textContent()) ?? '0').replace(/,/g, '')), { timeout: FILL_MS })
            .toBeGreaterThan(9000)
        } else {
          await expect
            .poll(() => page.locator(id('transfer-rsa')).textContent(), { timeout: FILL_MS })
            .toContain('No RSA key')
          // No coin rows: the wallet it cannot read says so (never an empty table that reads as an empty wallet).
          expect(await page.locator(`${id('futures-wallet')} tbody tr[data-coin]`).count()).toBe(0)
          expect(await page.locator(id('futures-wallet-unread')).count()).toBe(1)
        }
        await expect
          .poll(() => monitor.locator(`${id('monitor-tile-btcusdt')} ${id('monitor-last')}`).textContent(), {
            timeout: FILL_MS
          })
          .toMatch(/\d/)
        for (const p of [page, popout, monitor])
          expect(await foreignOn(p, other(v)), `pass ${i} (${v.name}), filled`).toEqual([])
        if (i < 4) await s.shot(`profile-switch-${i}-${v === PAPER ? 'paper' : 'second'}-${view.tab}`)
      }
      // The windows show the second venue now: main holds no market channel of the paper profile any more.
      await expect.poll(() => channelsOf(s.core, PAPER.name), { timeout: 5000 }).toBe(0)
      expect(await channelsOf(s.core, SECOND.name)).toBeGreaterThan(0)
      await popout.screenshot({ path: 'test-results/e2e/profile-switch-popout.png' })
      await monitor.screenshot({ path: 'test-results/e2e/profile-switch-monitor.png' })
      expect(errors).toEqual([])
    }
  )

  it(
    'a killed venue shows disconnected and wants the staleness confirmation; back on its port, it refills by itself',
    { timeout: 180_000 },
    async () => {
      const s = session()
      const { page } = s
      await switchTo(page, SECOND)
      await module(page, 'futures')
      await page.locator(id('bottom-tab-positions')).click()
      await expect.poll(() => bookIsOf(page, SECOND), { timeout: FILL_MS }).toBe(true)
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))

      await second.kill()
      // Its sockets drop at once: the views say so within seconds, prices dimmed.
      const panel = page.locator(id('market-panel'))
      await expect.poll(() => panel.getAttribute('data-fresh'), { timeout: 10_000 }).toMatch(/^(disconnected|stale)$/)
      await expect
        .poll(() => panel.locator(id('stale-badge')).textContent())
        .toMatch(/^\s*(disconnected|stale \d+ s)\s*$/)
      // The badge ends the stats row: it covers no figure of it, none of the chart's tools and stays off the book.
      const badgeBox = (await panel.locator(id('stale-badge')).boundingBox())!
      const overlaps = (b: { x: number; y: number; width: number; height: number }): boolean =>
        b.x < badgeBox.x + badgeBox.width &&
        badgeBox.x < b.x + b.width &&
        b.y < badgeBox.y + badgeBox.height &&
        badgeBox.y < b.y + b.height
      for (const el of await panel.locator('button:visible, select:visible, label:visible, .stats > *:visible').all()) {
        const box = await el.boundingBox()
        if (box) expect(overlaps(box), (await el.textContent()) ?? '').toBe(false)
      }
      expect(overlaps((await panel.locator(id('orderbook')).boundingBox())!)).toBe(false)
      await expect
        .poll(() => page.locator(`${id('order-entry')} ${id('stale-badge')}`).textContent())
        .toMatch(/disconnected|stale \d+ s/)
      await expect
        .poll(() => popout.locator(`${id('market-panel')}`).getAttribute('data-fresh'), { timeout: 10_000 })
        .toMatch(/^(disconnected|stale)$/)
      // A market order that would open a position is refused outright, naming the staleness.
      await page.locator(id('order-open')).click()
      await page.locator(id('order-type')).selectOption('MARKET')
      await page.locator(id('order-volume')).fill('100')
      await expect
        .poll(() => page.locator(id('order-refusal')).textContent())
        .toMatch(/^market orders are refused while market data is (disconnected|stale \d+ s) .*wait for live prices$/)
      expect(await page.locator(id('order-submit')).isDisabled()).toBe(true)
      // A limit order needs the second, explicit confirmation naming it.
      await page.locator(id('order-type')).selectOption('LIMIT')
      await page.locator(id('order-price')).fill('39000')
      await page.locator(id('order-volume')).fill('1')
      await page.locator(id('order-submit')).click()
      await expect
        .poll(() => page.locator(id('order-confirm-stale')).textContent())
        .toMatch(/Market data (disconnected|stale \d+ s)/)
      expect(await page.locator(id('order-confirm-profile')).textContent()).toContain(SECOND.name)
      expect(await page.locator(id('order-confirm')).isDisabled()).toBe(true)
      await page.locator(id('order-confirm-stale-ack')).check()
      const guard = page.locator(id('order-confirm-guard-ack-deviation'))
      if (await guard.count()) await guard.check() // 39000 may be far from the last mark seen
      expect(await page.locator(id('order-confirm')).isDisabled()).toBe(false)
      await s.shot('profile-switch-killed-confirm')
      await page.locator(id('order-confirm-cancel')).click()
      await s.shot('profile-switch-killed')

      await second.restart()
      // Back on the same port: REST snapshot, then the stream; the same page, never reloaded.
      await expect.poll(() => panel.getAttribute('data-fresh'), { timeout: 45_000 }).toBe('live')
      await expect.poll(() => bookIsOf(page, SECOND), { timeout: FILL_MS }).toBe(true)
      await expect
        .poll(() => page.locator(id('position-row')).first().textContent(), { timeout: 45_000 })
        .toContain(SECOND.futures.row)
      await expect.poll(() => bookIsOf(popout, SECOND), { timeout: FILL_MS }).toBe(true)
      // every view that showed a staleness badge clears it by itself (the account poll's may come a moment after the
      // book)
      await expect.poll(() => page.locator(id('stale-badge')).count(), { timeout: 45_000 }).toBe(0)
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
      await s.shot('profile-switch-restarted')
      expect(await foreignOn(page, PAPER)).toEqual([])
    }
  )
})

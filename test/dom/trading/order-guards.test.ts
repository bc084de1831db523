// The order form's guards against the market on screen: a limit price far from the last or mark price needs its
// own tick in the confirmation, whatever the confirmation setting; a market order shows its estimate from the
// book and, with slippage protection on (the default), is sent as the limit the confirmation names; without a
// book a protected market order cannot be sent.
import { flushPromises } from '@vue/test-utils'
import type { UserTradeView } from '@shared/ipc/views/account'
import { describe, expect, it } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { usePositionsStore } from '../../../src-renderer/src/stores/positions'
import { click, mountPanel, ticker, type, type Rig } from './setup'
import { placedAck } from './fixtures'

const ack = placedAck()
const placing = { 'trading.placeOrder': () => ack }
const nextFrame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()))

async function market(
  r: Rig,
  o: { last?: string; asks?: [string, string][]; bids?: [string, string][] }
): Promise<void> {
  if (o.last) await r.fake.emit('market.onTicker', ticker(o.last))
  if (o.asks || o.bids)
    await r.fake.emit('market.onBook', { symbol: 'btcusdt', asks: o.asks ?? [], bids: o.bids ?? [], ts: 1 })
  await nextFrame()
  await flushPromises()
}
/** E-BTC-USDT's book: two asks, one bid. */
const contractBook = (ts: number) => ({
  symbol: 'E-BTC-USDT',
  asks: [
    ['65000.0', '100'],
    ['65010.0', '100']
  ] as [string, string][],
  bids: [['64990.0', '50']] as [string, string][],
  ts
})
const text = (r: Rig, id: string) => r.wrapper.get(`[data-testid="${id}"]`).text()

describe('the price guard', () => {
  it('a sell far below the last price asks for its own tick even with confirmations off, naming the distance', async () => {
    const r = await mountPanel(OrderPanel, { confirm: false, priceGuard: '5' }, placing)
    await market(r, { last: '65000' })
    await click(r.wrapper, 'order-side-sell')
    await type(r.wrapper, 'order-price', '1')
    await type(r.wrapper, 'order-volume', '0.01')
    const words =
      'price 1 USDT is 99.99% below the last price 65,000, so it would trade at once against the book (price guard: 5%)'
    expect(text(r, 'order-deviation')).toBe(words)
    await click(r.wrapper, 'order-submit')
    expect(text(r, 'order-confirm-guard-deviation')).toContain(words)
    // No "don't ask again" among the warnings to tick: ticking every box must not turn confirmations off.
    expect(r.wrapper.find('[data-testid="order-confirm-dont-ask"]').exists()).toBe(false)
    expect(r.wrapper.get('[data-testid="order-confirm"]').attributes('disabled')).toBeDefined()
    await click(r.wrapper, 'order-confirm')
    expect(r.fake.inputs('trading.placeOrder')).toEqual([])
    await r.wrapper.get('[data-testid="order-confirm-guard-ack-deviation"]').setValue(true)
    await click(r.wrapper, 'order-confirm')
    expect(r.fake.inputs('trading.placeOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'SELL', type: 'LIMIT', price: '1', volume: '0.01' }
    ])
  })

  it('a price within the guard goes without it; the guard follows the setting', async () => {
    const r = await mountPanel(OrderPanel, { confirm: false, priceGuard: '5' }, placing)
    await market(r, { last: '65000' })
    await type(r.wrapper, 'order-price', '62000') // 4.61% below: within 5%
    await type(r.wrapper, 'order-volume', '0.01')
    expect(r.wrapper.find('[data-testid="order-deviation"]').exists()).toBe(false)
    const { usePreferencesStore } = await import('../../../src-renderer/src/stores/preferences')
    usePreferencesStore().app.priceGuardPct = '2'
    await flushPromises()
    expect(text(r, 'order-deviation')).toBe('price 62,000 USDT is 4.61% below the last price 65,000 (price guard: 2%)')
  })
})

describe('market orders against the book', () => {
  const asks: [string, string][] = [
    ['65000.00', '0.001'],
    ['65100.00', '0.002']
  ]

  it('shows the estimate and sends a protected buy as the limit the confirmation names', async () => {
    const r = await mountPanel(OrderPanel, { confirm: true, priceGuard: '5' }, placing)
    await market(r, { asks, bids: [['64990.00', '1']] })
    await r.wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    await type(r.wrapper, 'order-volume', '100')
    // 65 USDT at 65000, the other 35 at 65100: 0.001537 BTC, average 99.9587 / 0.001537 = 65034.94
    expect(text(r, 'order-market-estimate')).toBe('Est. avg 65,034.94 · slippage 0.06% · fills 100.00%')
    await click(r.wrapper, 'order-submit')
    expect(text(r, 'order-confirm-guard-protection')).toBe(
      'sent as a LIMIT BUY of 0.001523 BTC at 65,650.00, the worst price within 1% of the best ask 65,000.00, instead of a market order; whatever does not fill at once stays on the book as a limit order'
    )
    await click(r.wrapper, 'order-confirm')
    expect(r.fake.inputs('trading.placeOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '65650.00', volume: '0.001523' }
    ])
  })

  it('says before sending that a thin book fills only part of the order', async () => {
    const r = await mountPanel(OrderPanel, { confirm: true, priceGuard: '5' }, placing)
    await market(r, { asks })
    await r.wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    await type(r.wrapper, 'order-volume', '1000')
    expect(text(r, 'order-market-estimate')).toBe('Est. avg 65,066.67 · slippage 0.11% · fills 19.52%')
    await click(r.wrapper, 'order-submit')
    expect(text(r, 'order-confirm-guard-depth')).toBe('the book on screen fills only 19.52% of this order')
  })

  it('without a book a protected market order cannot be sent, and says why', async () => {
    const r = await mountPanel(OrderPanel, { confirm: false, priceGuard: '5' }, placing)
    await r.wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    await type(r.wrapper, 'order-volume', '100')
    expect(text(r, 'order-refusal')).toBe(
      'no order book for BTC/USDT yet to bound the slippage of a market order; wait for it, or turn slippage protection off in Settings → Trading to send a market order'
    )
    expect(r.wrapper.get('[data-testid="order-submit"]').attributes('disabled')).toBeDefined()
    await market(r, { asks })
    expect(r.wrapper.find('[data-testid="order-refusal"]').exists()).toBe(false)
  })

  it('a futures market open is sent as an IOC limit in contracts', async () => {
    const r = await mountPanel(
      OrderPanel,
      { module: 'futures', confirm: false },
      { 'trading.placeOrder': () => ({ ...ack, module: 'futures', symbol: 'E-BTC-USDT' }) }
    )
    usePositionsStore()
    await r.fake.emit('market.onBook', contractBook(1))
    await nextFrame()
    await r.wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    // Less than one contract's value (65 USDT) fills nothing: said so, not "no book" (the book is there).
    await type(r.wrapper, 'order-volume', '30')
    expect(text(r, 'order-market-estimate')).toBe('Too small: less than one size step at the best price')
    // A book with no ask at all is no book to buy from: said so, not "too small".
    await r.fake.emit('market.onBook', { symbol: 'E-BTC-USDT', asks: [], bids: [['64990.0', '50']], ts: 2 })
    await nextFrame()
    expect(text(r, 'order-market-estimate')).toBe('No book on screen to estimate the fill')
    await r.fake.emit('market.onBook', contractBook(3))
    await nextFrame()
    await type(r.wrapper, 'order-volume', '300') // USDT of contracts worth 0.001 BTC each
    await click(r.wrapper, 'order-submit')
    // 65000 x 1.01 = 65650.0; 300 / (0.001 x 65650) = 4.57 -> 4 contracts
    expect(r.fake.inputs('trading.placeOrder')).toEqual([
      {
        module: 'futures',
        symbol: 'E-BTC-USDT',
        side: 'BUY',
        type: 'LIMIT',
        price: '65650.0',
        volume: '4',
        open: 'OPEN',
        positionType: 1,
        timeInForce: 'IOC'
      }
    ])
  })
})

describe('a futures open before it is sent', () => {
  it('shows contracts, value, margin against the free margin, the most it opens and a liquidation estimate; refuses more margin than is free', async () => {
    const r = await mountPanel(
      OrderPanel,
      { module: 'futures', confirm: false },
      { 'trading.placeOrder': () => ({ ...ack, module: 'futures', symbol: 'E-BTC-USDT' }) }
    )
    await type(r.wrapper, 'order-price', '60000')
    await type(r.wrapper, 'order-volume', '10')
    // the fixture's futures account has 10 000 USDT free; leverage 10 (the form's default)
    expect(text(r, 'preview-contracts')).toBe('10 (600.00 USDT)')
    expect(text(r, 'preview-margin')).toBe('60.00 of 10,000.00 USDT at 10x')
    expect(text(r, 'preview-max')).toBe('1,666 contracts')
    // cross: the whole free margin backs it, so 10 contracts cannot be liquidated by price (60000 - 10000 / 0.01 < 0)
    expect(text(r, 'preview-liquidation')).toBe('– cross')
    await type(r.wrapper, 'order-volume', '2000')
    expect(text(r, 'order-refusal')).toBe(
      'this opens 2,000 contracts, taking 12,000.00 USDT of margin at 10x; 10,000.00 USDT is available (at most 1,666 contracts)'
    )
    expect(r.wrapper.findAll('[data-testid="order-fix"]').map((b) => b.text())).toEqual(['1666'])
    expect(r.wrapper.get('[data-testid="order-submit"]').attributes('disabled')).toBeDefined()
  })
})

describe('the open-order limit of a contract', () => {
  it('refuses one more order when the contract already holds its maximum of open orders', async () => {
    const r = await mountPanel(OrderPanel, { module: 'futures', confirm: false })
    const open = (n: number) => ({
      module: 'futures' as const,
      symbol: 'E-BTC-USDT',
      orderId: String(9000 + n),
      clientOrderId: null,
      side: 'BUY' as const,
      type: 'LIMIT',
      price: '50000.0',
      volume: '1',
      executed: '0',
      avgPrice: '0',
      status: 'NEW',
      time: 1,
      open: 'OPEN' as const
    })
    await r.account({ openOrders: Array.from({ length: 199 }, (_, n) => open(n)) })
    await type(r.wrapper, 'order-price', '60000')
    await type(r.wrapper, 'order-volume', '1')
    expect(r.wrapper.find('[data-testid="order-refusal"]').exists()).toBe(false)
    await r.account({ openOrders: Array.from({ length: 200 }, (_, n) => open(n)) })
    expect(text(r, 'order-refusal')).toBe('BTC/USDT perpetual allows at most 200 open orders; 200 are open')
    expect(r.wrapper.get('[data-testid="order-submit"]').attributes('disabled')).toBeDefined()
  })
})

describe('the fee in the confirmation', () => {
  const fill = (id: string, side: 'BUY' | 'SELL', fee: string, isMaker: boolean, time: number): UserTradeView => ({
    module: 'spot',
    symbol: 'btcusdt',
    id,
    side,
    price: '65000',
    qty: '0.01',
    fee,
    feeCoin: 'USDT',
    isMaker,
    time
  })
  /** The Fee row of the confirmation of a 0.01 BTC buy limit at 65000.10, with these recent fills on the market. */
  async function feeOfLimit(fills: UserTradeView[]): Promise<string | undefined> {
    const r = await mountPanel(OrderPanel, { confirm: true }, { ...placing, 'account.trades': () => fills })
    await type(r.wrapper, 'order-price', '65000.10')
    await type(r.wrapper, 'order-volume', '0.01')
    await click(r.wrapper, 'order-submit')
    const rows = r.wrapper.findAll('[data-testid="order-confirm-rows"] > div')
    return Object.fromEntries(rows.map((x) => [x.get('dt').text(), x.get('dd').text()]))['Fee']
  }

  it("is estimated at the trader's own rates, learned from their recent fills on the market", async () => {
    // 650.001 USDT at maker 0.02% = 0.1300002 and taker 0.1% = 0.650001, each rounded up to the cent
    expect(await feeOfLimit([fill('1', 'BUY', '0.13', true, 2), fill('2', 'SELL', '0.65', false, 1)])).toBe(
      '≈ 0.14 USDT to 0.66 USDT (maker 0.02%, taker 0.1%, from your recent fills)'
    )
  })

  it('never stands one rate in for the other: with only maker fills known, a limit is not told the maker fee alone', async () => {
    expect(await feeOfLimit([fill('1', 'BUY', '0', true, 2)])).toBe(
      '≈ 0.00 USDT if it rests (maker 0%, from your recent fills); if it trades at once, the taker rate is not known yet'
    )
  })
})

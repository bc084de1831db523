// The other kinds on futures (issue 19): a bracket (its entry opens, its take profit and stop loss close what it
// opened), a scaled order (the futures batch), a chase (the futures book); and a closing algorithm's total checked
// against the position at creation (refused naming both; a position that cannot be read refused too).
import { afterEach, describe, expect, it } from 'vitest'
import { AlgoEngine, type AlgoPrices, type LastPrice } from '../../../src-main/algos/algo-engine'
import type { FuturesHolding } from '../../../src-main/algos/futures-spec'
import type { AlgoSpec } from '../../../src-main/algos/types'
import { readAlgoSpec } from '../../../src-shared/ipc/schemas/algos'
import { FakeVenue } from '../../property/algo-fake-venue'
import { MemoryStore, serviceRig } from './algo-rig'
import {
  CONTRACT as C,
  CONTRACT_RULES as rules,
  futuresBracket,
  futuresTwap,
  long,
  ON_CONTRACT,
  short
} from './futures-fixture'

const bracket = futuresBracket()
/** The bracket's market and size without its prices: the other kinds' base. */
const base = { ...ON_CONTRACT, side: 'BUY' as const, open: 'OPEN' as const, quantity: '3' }

describe('the other kinds on futures, read as typed', () => {
  it('takes a bracket that opens, a chase and a scaled order; a SELL bracket may stop out at the market', () => {
    expect(readAlgoSpec(bracket)).toEqual({ ok: true })
    const sell = { ...bracket, side: 'SELL' as const, takeProfitPrice: '90', triggerPrice: '110' }
    expect(readAlgoSpec(sell)).toEqual({ ok: true })
    // On spot the same stop loss would be a market buy sized in the quote asset: it needs its limit.
    expect(
      readAlgoSpec({ ...sell, module: 'spot', symbol: 'btcusdt', open: undefined, positionType: undefined })
    ).toMatchObject({ ok: false, field: 'stopLimitPrice' })
    expect(readAlgoSpec({ ...base, kind: 'chase', limitPrice: '100', intervalSeconds: 5 })).toEqual({ ok: true })
    expect(
      readAlgoSpec({
        ...base,
        kind: 'scaled',
        fromPrice: '100',
        toPrice: '90',
        orders: 3,
        sizing: 'linear',
        sizeFactor: '1'
      })
    ).toEqual({ ok: true })
  })

  it('refuses a closing bracket, and a stop that would open at the market, in words naming the field', () => {
    expect(readAlgoSpec({ ...bracket, open: 'CLOSE' })).toEqual({
      ok: false,
      field: 'open',
      words: { key: 'algos.refuse.bracketOpens' }
    })
    // A futures market CLOSE is in contracts, either side (on spot a market BUY is refused).
    const stop = { ...base, kind: 'stop-market' as const, open: 'CLOSE' as const, triggerPrice: '110' }
    expect(readAlgoSpec(stop)).toEqual({ ok: true })
    expect(readAlgoSpec({ ...base, kind: 'trailing-stop', open: 'CLOSE', trailPercent: '2' })).toEqual({ ok: true })
    // A futures market OPEN is sized in money: a stop-market or trailing stop that opens is refused.
    expect(readAlgoSpec({ ...stop, open: 'OPEN' })).toEqual({
      ok: false,
      field: 'open',
      words: { key: 'algos.refuse.marketOpen', params: { kind: 'algoUi.kindIn.stop-market' } }
    })
    expect(readAlgoSpec({ ...stop, kind: 'stop-limit', open: 'OPEN', stopLimitPrice: '111' })).toEqual({ ok: true })
    // An OCO's stop opening needs its limit; closing it may go at the market.
    const oco = { ...base, kind: 'oco' as const, side: 'SELL' as const, limitPrice: '110', triggerPrice: '90' }
    expect(readAlgoSpec(oco)).toMatchObject({ ok: false, field: 'stopLimitPrice' })
    expect(readAlgoSpec({ ...oco, open: 'CLOSE' })).toEqual({ ok: true })
    expect(readAlgoSpec({ ...oco, side: 'BUY', limitPrice: '90', triggerPrice: '110', open: 'CLOSE' })).toEqual({
      ok: true
    })
  })
})

class Prices implements AlgoPrices {
  readonly fns = new Set<(p: LastPrice) => void>()
  modules: (string | undefined)[] = []
  follow(_symbol: string, fn: (p: LastPrice) => void, module?: 'spot' | 'futures'): () => void {
    this.modules.push(module)
    this.fns.add(fn)
    return () => this.fns.delete(fn)
  }
  push(price: string): void {
    for (const f of [...this.fns]) f({ price, at: Date.now() })
  }
}

describe('the engine runs them on futures', () => {
  const engines: AlgoEngine[] = []
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.close()
  })

  function setup(): { engine: AlgoEngine; venue: FakeVenue; prices: Prices } {
    const store = new MemoryStore()
    const venue = new FakeVenue()
    venue.module = 'futures' // a call to spot is a violation
    venue.journaled = () => store.cids()
    const prices = new Prices()
    const engine = new AlgoEngine({ profileId: 'p', store, venue, prices, pollMs: 5, readBackoffMs: 1 })
    engines.push(engine)
    return { engine, venue, prices }
  }
  const orders = (v: FakeVenue) =>
    [...v.orders.values()].map((o) => [o.side, o.type, o.volume, o.price ?? null, o.open, o.status])

  it("a bracket's entry opens; its take profit and then its stop loss close what it filled, never more", async () => {
    const { engine, venue, prices } = setup()
    const a = await engine.create(bracket as AlgoSpec, rules)
    expect(prices.modules).toEqual(['futures']) // its stop loss watches the contract's last price
    await expect.poll(() => venue.live().length).toBe(1)
    venue.fill(venue.live()[0]!, '2')
    // The take profit covers the 2 contracts filled, as a CLOSE (reduce-only: it cannot open a short).
    await expect.poll(() => venue.orders.size).toBe(2)
    expect(orders(venue)).toEqual([
      ['BUY', 'LIMIT', '3', '100', 'OPEN', 'PARTIALLY_FILLED'],
      ['SELL', 'LIMIT', '2', '110', 'CLOSE', 'NEW']
    ])
    // The stop fires: the entry's rest and the take profit are cancelled first, then a market CLOSE for what is held.
    prices.push('89')
    await expect.poll(() => engine.get(a.id)!.state).toBe('done')
    expect(orders(venue)).toEqual([
      ['BUY', 'LIMIT', '3', '100', 'OPEN', 'CANCELED'],
      ['SELL', 'LIMIT', '2', '110', 'CLOSE', 'CANCELED'],
      ['SELL', 'MARKET', '2', null, 'CLOSE', 'FILLED']
    ])
    expect(engine.get(a.id)!.reason).toEqual({ key: 'algos.reason.stopLoss', params: {} })
    expect(venue.violations).toEqual([])
  })

  it("a stop and an OCO on futures fire on the contract's last price, their orders closing as said", async () => {
    const { engine, venue, prices } = setup()
    // A BUY stop-market closing a short: a futures market CLOSE in contracts (on spot a market BUY is refused).
    const stop = await engine.create(
      { ...base, kind: 'stop-market', side: 'BUY', open: 'CLOSE', quantity: '2', triggerPrice: '110' } as AlgoSpec,
      rules
    )
    const oco = await engine.create(
      {
        ...base,
        kind: 'oco',
        side: 'SELL',
        open: 'OPEN',
        quantity: '1',
        limitPrice: '120',
        triggerPrice: '90',
        stopLimitPrice: '89'
      } as AlgoSpec,
      rules
    )
    expect(prices.modules).toEqual(['futures', 'futures'])
    await expect.poll(() => venue.live().length).toBe(1) // the OCO's limit
    prices.push('111')
    await expect.poll(() => engine.get(stop.id)!.state).toBe('done')
    prices.push('89.5')
    await expect
      .poll(() => engine.get(oco.id)!.children.map((c) => [c.role, c.state]))
      .toEqual([
        ['limit', 'final'],
        ['stop', 'open']
      ])
    expect(orders(venue)).toEqual([
      ['SELL', 'LIMIT', '1', '120', 'OPEN', 'CANCELED'],
      ['BUY', 'MARKET', '2', null, 'CLOSE', 'FILLED'],
      ['SELL', 'LIMIT', '1', '89', 'OPEN', 'NEW']
    ])
    expect(venue.violations).toEqual([])
  })

  it('a scaled order goes through the futures batch, every level opening or closing as the spec says', async () => {
    const { engine, venue } = setup()
    venue.livePerSide = Infinity
    const spec = {
      ...base,
      kind: 'scaled',
      side: 'SELL',
      open: 'CLOSE',
      quantity: '6',
      fromPrice: '100',
      toPrice: '110',
      orders: 3,
      sizing: 'linear',
      sizeFactor: '1'
    } as AlgoSpec
    await engine.create(spec, rules)
    await expect.poll(() => venue.live().length).toBe(3)
    expect(orders(venue)).toEqual([
      ['SELL', 'LIMIT', '2', '100', 'CLOSE', 'NEW'],
      ['SELL', 'LIMIT', '2', '105', 'CLOSE', 'NEW'],
      ['SELL', 'LIMIT', '2', '110', 'CLOSE', 'NEW']
    ])
    expect(venue.violations).toEqual([])
  })

  it("a chase reads the contract's book and follows it, one limit at a time", async () => {
    const { engine, venue } = setup()
    venue.book = { bid: '100', ask: '101' }
    await engine.create({ ...base, kind: 'chase', limitPrice: '105', intervalSeconds: 1 } as AlgoSpec, rules)
    await expect.poll(() => venue.live().map((o) => o.price)).toEqual(['100'])
    venue.book = { bid: '102', ask: '103' }
    await expect.poll(() => venue.live().map((o) => o.price), { timeout: 5000 }).toEqual(['102'])
    expect(venue.orders.size).toBe(2)
    expect([...venue.orders.values()].map((o) => [o.market, o.open])).toEqual([
      ['futures', 'OPEN'],
      ['futures', 'OPEN']
    ])
    expect(venue.violations).toEqual([]) // the book and every read on futures
  })
})

describe("a closing algorithm's total against the position", () => {
  const service = serviceRig()

  function setup(positions?: () => Promise<readonly FuturesHolding[]>) {
    const venue = new FakeVenue()
    venue.module = 'futures'
    const asked: string[] = []
    const s = service({
      venue: () => venue,
      rules: async () => rules,
      ...(positions
        ? {
            positions: (_p: string, contract: string) => {
              asked.push(contract)
              return positions()
            }
          }
        : {}),
      pollMs: 20
    })
    return { service: s, venue, asked }
  }

  const closeTwap = (side: 'BUY' | 'SELL', quantity: string) => futuresTwap({ side, quantity, slices: 2 })

  it('refuses a total above the position it closes, naming both; nothing created or sent', async () => {
    const held = [long('7'), short('3')]
    const { service, venue, asked } = setup(async () => held)
    await expect(service.create(closeTwap('SELL', '8'))).rejects.toMatchObject({
      contractError: {
        field: 'quantity',
        words: {
          key: 'algos.refuse.closeAboveLong',
          params: { quantity: '8', position: '7', contract: 'BTC/USDT perpetual' }
        }
      }
    })
    // A BUY closes the short (3), not the long.
    await expect(service.create(closeTwap('BUY', '4'))).rejects.toMatchObject({
      contractError: { words: { key: 'algos.refuse.closeAboveShort', params: { quantity: '4', position: '3' } } }
    })
    expect(asked).toEqual([C, C])
    expect(service.list({ profileId: 'p' })).toEqual([])
    expect(venue.orders.size).toBe(0)
    // Within the position it runs; an opening algorithm does not read it.
    await service.create(closeTwap('SELL', '7'))
    await service.create({ ...closeTwap('BUY', '50'), open: 'OPEN' })
    expect(asked).toEqual([C, C, C])
    expect(service.list({ profileId: 'p' })).toHaveLength(2)
  })

  it('refuses when the position cannot be read (never guessed), saying why', async () => {
    const failing = setup(async () => {
      throw new Error('the venue timed out')
    })
    await expect(failing.service.create(closeTwap('SELL', '1'))).rejects.toMatchObject({
      contractError: {
        field: 'quantity',
        words: {
          key: 'algos.refuse.positionUnread',
          params: { contract: 'BTC/USDT perpetual', cause: 'main.reason.said', text: 'the venue timed out' }
        }
      }
    })
    const none = setup()
    await expect(none.service.create(closeTwap('SELL', '1'))).rejects.toMatchObject({
      contractError: { words: { key: 'algos.refuse.positionUnread' } }
    })
    expect(failing.service.list({ profileId: 'p' })).toEqual([])
    expect(failing.venue.orders.size + none.venue.orders.size).toBe(0)
  })
})

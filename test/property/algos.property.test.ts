// The algorithm engine (src-main/algos) over random prices, fills, venue faults and restarts: a terminal killed in
// the middle of any call (a place or cancel the venue took or never saw) and started again on the same journal. An
// in-memory venue (algo-fake-venue.ts) keeps the truth and the violations. Checked for every run:
// - safe edits at random (a TWAP's limit, an iceberg's visible part, a chase's bound and interval, a stop's trigger)
//   change none of this;
// - never a client id placed twice, never an order the journal did not hold first, never two live orders at once;
// - the filled total (the venue's, over every order) never exceeds the total;
// - the algorithm ends in a terminal state once the user cancels it (or it ends by itself), and then no order of it
//   is live unless it failed because the venue would not tell what an order did (it says which to check);
// - on futures (every kind, in whole contracts): every call goes to futures, every child opens or
//   closes as its spec says (a bracket's entry opens, its exits close), and what closed never exceeds what opened.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AlgoEngine, AlgoRefusal, type AlgoPrices, type LastPrice } from '../../src-main/algos/algo-engine'
import type { AlgoPatch } from '../../src-main/algos/edits'
import { TERMINAL_STATES, type Algo, type AlgoSpec } from '../../src-main/algos/types'
import { FUTURES_ALGO_KINDS } from '../../src-shared/ipc/schemas/algos'
import { compare, add } from '../../src-shared/decimal'
import { runs } from '../fast-check-env'
import { MemoryStore } from '../unit/algos/algo-rig'
import { FakeVenue, type CancelFault, type PlaceFault, type ReadFault } from './algo-fake-venue'

class Prices implements AlgoPrices {
  readonly fns = new Set<(p: LastPrice) => void>()
  follow(_symbol: string, fn: (p: LastPrice) => void): () => void {
    this.fns.add(fn)
    return () => this.fns.delete(fn)
  }
  push(price: number): void {
    for (const f of [...this.fns]) f({ price: String(price), at: Date.now() })
  }
}

type Event =
  | { t: 'price'; p: number }
  | { t: 'fill'; amount: number; which: number }
  | { t: 'crash' }
  | { t: 'pause' }
  | { t: 'resume' }
  | { t: 'edit'; v: number }

const event: fc.Arbitrary<Event> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 80, max: 120 }).map((p) => ({ t: 'price' as const, p })) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 10 }), fc.nat(3))
      .map(([amount, which]) => ({ t: 'fill' as const, amount, which }))
  },
  { weight: 1, arbitrary: fc.constant({ t: 'crash' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'pause' as const }) },
  { weight: 2, arbitrary: fc.constant({ t: 'resume' as const }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 10 }).map((v) => ({ t: 'edit' as const, v })) }
)

/** A safe edit of each kind (the kinds that take none are refused in words). */
function patchOf(kind: AlgoSpec['kind'], side: 'BUY' | 'SELL', v: number): AlgoPatch {
  const sell = side === 'SELL'
  switch (kind) {
    case 'twap':
      return { limitPrice: String(95 + v) }
    case 'iceberg':
      return { visibleQuantity: String(v) }
    case 'chase':
      return { limitPrice: String(sell ? 90 + v : 100 + v), intervalSeconds: v }
    case 'stop-limit':
      return { triggerPrice: String(sell ? 85 + v : 105 + v) }
    case 'stop-market':
      return { triggerPrice: String(85 + v) }
    case 'trailing-stop':
      return { trailPercent: String(v) }
    default:
      return { limitPrice: String(95 + v) }
  }
}

function specOf(kind: AlgoSpec['kind'], side: 'BUY' | 'SELL', fireLate: boolean): AlgoSpec {
  const sell = side === 'SELL'
  const base = { module: 'spot' as const, symbol: 'btcusdt', side, quantity: '10', fireLate }
  switch (kind) {
    case 'oco':
      return {
        ...base,
        kind,
        limitPrice: sell ? '110' : '90',
        triggerPrice: sell ? '90' : '110',
        stopLimitPrice: sell ? '89' : '111'
      }
    case 'stop-limit':
      return { ...base, kind, triggerPrice: sell ? '90' : '110', stopLimitPrice: sell ? '89' : '111' }
    case 'stop-market':
      return { ...base, side: 'SELL', kind, triggerPrice: '90' }
    case 'trailing-stop':
      return { ...base, side: 'SELL', kind, trailPercent: '5' }
    case 'bracket':
      return {
        ...base,
        kind,
        limitPrice: '100',
        takeProfitPrice: sell ? '90' : '110',
        triggerPrice: sell ? '110' : '90',
        stopLimitPrice: sell ? '111' : '89'
      }
    case 'iceberg':
      return { ...base, kind, limitPrice: '100', visibleQuantity: '3' }
    case 'scaled':
      return { ...base, kind, fromPrice: '90', toPrice: '99', orders: 4, sizing: 'linear', sizeFactor: '2' }
    case 'chase':
      return { ...base, kind, limitPrice: sell ? '95' : '105', maxDistancePercent: '3', intervalSeconds: 1 }
    case 'twap':
      return { ...base, kind, limitPrice: '100', durationSeconds: 1, slices: 4, jitter: fireLate }
  }
}

/**
 * The same spec on a futures contract: the other kinds open or close as drawn; a bracket opens, its stop loss a
 * market CLOSE when drawn (a futures market close is in contracts, either side).
 */
function onFutures(spec: AlgoSpec, close: boolean): AlgoSpec {
  const futures = { ...spec, module: 'futures' as const, symbol: 'E-BTC-USDT', positionType: 1 as const }
  // A stop-market or trailing stop sends a market order: on futures only a CLOSE is sized in contracts.
  if (spec.kind === 'stop-market' || spec.kind === 'trailing-stop') return { ...futures, open: 'CLOSE' }
  if (spec.kind !== 'bracket') return { ...futures, open: close ? 'CLOSE' : 'OPEN' }
  const { stopLimitPrice: _s, ...atMarket } = futures
  return { ...(close ? atMarket : futures), open: 'OPEN' }
}

/** Whether the engine's child of this venue order still shows less than the venue's fill. */
const readBehind = (c: Algo['children'][number], o: { clientOrderId: string; filled: string }): boolean =>
  c.clientOrderId === o.clientOrderId && c.state === 'open' && c.filled !== o.filled

async function settle(engine: AlgoEngine, venue: FakeVenue): Promise<'idle' | 'hung'> {
  return Promise.race([engine.idle().then(() => 'idle' as const), venue.hung.then(() => 'hung' as const)])
}

describe('algorithm engine under random fills, faults and restarts', () => {
  it('never overfills, never duplicates a child, always ends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<AlgoSpec['kind']>(
          'oco',
          'stop-limit',
          'stop-market',
          'trailing-stop',
          'bracket',
          'iceberg',
          'scaled',
          'chase',
          'twap'
        ),
        fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL'),
        fc.boolean(),
        fc.array(
          fc.oneof(
            { weight: 12, arbitrary: fc.constant<PlaceFault>('ok') },
            fc.constantFrom<PlaceFault>('rejected', 'unknown-taken', 'unknown-lost', 'crash-taken', 'crash-lost')
          ),
          { maxLength: 8 }
        ),
        fc.array(fc.constantFrom<CancelFault>('ok', 'ok', 'unknown', 'crash-taken', 'crash-lost'), { maxLength: 4 }),
        fc.array(fc.constantFrom<ReadFault>('ok', 'ok', 'fail'), { maxLength: 10 }),
        fc.array(event, { minLength: 5, maxLength: 40 }),
        fc.boolean(),
        fc.boolean(),
        async (kind, side, fireLate, placeFaults, cancelFaults, readFaults, events, futures, close) => {
          const store = new MemoryStore()
          const venue = new FakeVenue()
          venue.journaled = () => store.cids()
          venue.place_ = [...placeFaults]
          venue.cancel_ = [...cancelFaults]
          venue.read_ = [...readFaults]
          const prices = new Prices()
          const make = (): AlgoEngine =>
            new AlgoEngine({ profileId: 'p', store, venue, prices, pollMs: 5, readBackoffMs: 1, finalReads: 3 })
          let engine = make()
          const restart = async (): Promise<void> => {
            await engine.close()
            venue.rearm()
            prices.fns.clear()
            engine = make()
          }
          const onFut = futures && FUTURES_ALGO_KINDS.includes(kind)
          const spec = onFut ? onFutures(specOf(kind, side, fireLate), close) : specOf(kind, side, fireLate)
          if (onFut) venue.module = 'futures'
          // A scaled order's levels are all live at once (the others: one per side).
          if (kind === 'scaled') venue.livePerSide = Infinity
          // Futures: whole contracts.
          const rules = onFut
            ? { pricePrecision: 2, quantityPrecision: 0, limitVolumeMin: '1' }
            : { pricePrecision: 2, quantityPrecision: 3, limitVolumeMin: '0.001' }
          const { id } = await engine.create(spec, rules)
          prices.push(100)
          try {
            for (const e of events) {
              if (e.t === 'price') {
                prices.push(e.p)
                venue.book = { bid: String(e.p), ask: String(e.p + 1) } // a chase follows it
              } else if (e.t === 'fill') {
                const live = venue.live()
                const o = live[e.which % Math.max(1, live.length)]
                if (o) {
                  venue.fill(o, String(e.amount))
                  // Until the engine's poll has read it (a few ticks at most: a read may fail), so what a fill
                  // leads to (a bracket's exits, the next slice) runs too, not only the cancel at the end.
                  for (let i = 0; i < 10 && engine.get(id)!.children.some((c) => readBehind(c, o)); i++) {
                    await new Promise((r) => setTimeout(r, 5))
                    if ((await settle(engine, venue)) === 'hung') await restart()
                  }
                }
              } else if (e.t === 'crash') await restart()
              else if (e.t === 'edit')
                await engine.edit(id, patchOf(kind, spec.side, e.v)).catch((x: unknown) => {
                  if (!(x instanceof AlgoRefusal)) throw x
                })
              else
                await (e.t === 'pause' ? engine.pause(id) : engine.resume(id)).catch((x: unknown) => {
                  if (!(x instanceof AlgoRefusal)) throw x
                })
              if ((await settle(engine, venue)) === 'hung') await restart()
            }
            // The user ends it (or it ended by itself); from here the venue answers plainly.
            venue.place_ = []
            venue.cancel_ = []
            venue.read_ = []
            if ((await settle(engine, venue)) === 'hung') await restart()
            await engine.cancel(id).catch((x: unknown) => {
              if (!(x instanceof AlgoRefusal)) throw x
            })
            for (let i = 0; i < 400 && !TERMINAL_STATES.has(engine.get(id)!.state); i++) {
              if ((await settle(engine, venue)) === 'hung') await restart()
              await new Promise((r) => setImmediate(r)) // let the engine's poll tick run
              if (i % 20 === 19) await new Promise((r) => setTimeout(r, 5))
            }
            const a = engine.get(id)!
            expect(venue.violations).toEqual([])
            const filledOn = (side: string): string =>
              [...venue.orders.values()].filter((o) => o.side === side).reduce((s, o) => add(s, o.filled), '0')
            const filled = filledOn(spec.side)
            expect(compare(filled, spec.quantity)).toBeLessThanOrEqual(0)
            // A bracket's exits never give back more than its entry took; no other kind trades the other side.
            expect(
              compare(filledOn(spec.side === 'BUY' ? 'SELL' : 'BUY'), spec.kind === 'bracket' ? filled : '0')
            ).toBeLessThanOrEqual(0)
            expect(TERMINAL_STATES.has(a.state), `state ${a.state}`).toBe(true)
            const unknown = a.state === 'failed' && /Unknown$/.test(a.reason?.key ?? '')
            if (!unknown) expect(venue.live()).toEqual([])
            for (const o of venue.orders.values()) expect(store.cids().has(o.clientOrderId)).toBe(true)
            if (onFut) {
              // Each child opens or closes as its spec says: a bracket's entry (its side) opens, its exits close.
              const openOf = (o: { side: string }): string =>
                spec.kind === 'bracket' ? (o.side === spec.side ? 'OPEN' : 'CLOSE') : spec.open!
              for (const o of venue.orders.values()) expect([o.market, o.open]).toEqual(['futures', openOf(o)])
              for (const o of venue.orders.values()) expect(o.volume).toMatch(/^\d+$/) // whole contracts
            }
          } finally {
            await engine.close()
          }
        }
      ),
      { numRuns: runs(150) }
    )
  }, 120_000)
})

// Properties of the matching engine over random sequences of places and cancels from several accounts on two
// symbols sharing a quote asset: money is conserved per asset (fees included), the resting book is never
// crossed, every account's locked balance equals the holds of its open orders (recomputed here from the
// public order data), no balance goes negative, and no account ever trades with itself. Both with fresh
// order records and with recycled ones (EngineOptions.recycleOrders).
import fc from 'fast-check'
import { runs } from '../fast-check-env'
import { describe, expect, it } from 'vitest'
import { auditEngine } from '../../src-sim/engine/audit'
import { SpotEngine } from '../../src-sim/engine/engine'
import type { PlaceInput, SymbolConfig, TimeInForce, Trade } from '../../src-sim/engine/types'

const SCALE = 8
const SYMBOLS: SymbolConfig[] = [
  {
    symbol: 'btcusdt',
    baseAsset: 'BTC',
    quoteAsset: 'USDT',
    pricePrecision: 2,
    quantityPrecision: 3,
    makerFeePpm: 1000,
    takerFeePpm: 2000
  },
  {
    symbol: 'ethusdt',
    baseAsset: 'ETH',
    quoteAsset: 'USDT',
    pricePrecision: 1,
    quantityPrecision: 2,
    makerFeePpm: 0,
    takerFeePpm: 777,
    limitVolumeMin: 2
  }
]
const ASSETS = ['BTC', 'ETH', 'USDT']
const ACCOUNTS = ['a0', 'a1', 'a2', 'a3']
const mul = (s: SymbolConfig) => ({
  base: 10n ** BigInt(SCALE - s.quantityPrecision),
  quote: 10n ** BigInt(SCALE - s.pricePrecision - s.quantityPrecision)
})

type Cmd =
  | { kind: 'limit'; acc: number; sym: number; side: 'BUY' | 'SELL'; price: number; qty: number; tif: TimeInForce }
  | { kind: 'mbuy'; acc: number; sym: number; quoteQty: number }
  | { kind: 'msell'; acc: number; sym: number; qty: number }
  | { kind: 'cancel'; acc: number; sym: number; pick: number }
  | { kind: 'cancelAll'; acc: number }

const acc = fc.nat({ max: ACCOUNTS.length - 1 })
const sym = fc.nat({ max: SYMBOLS.length - 1 })
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      acc,
      sym,
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      price: fc.integer({ min: 95, max: 105 }),
      qty: fc.integer({ min: 1, max: 30 }),
      tif: fc.constantFrom<TimeInForce>('GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY')
    })
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('mbuy' as const), acc, sym, quoteQty: fc.integer({ min: 1, max: 4000 }) })
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('msell' as const), acc, sym, qty: fc.integer({ min: 1, max: 40 }) })
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), acc, sym, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelAll' as const), acc }) }
)

function run(cmds: Cmd[], deposits: bigint[][], recycleOrders: boolean): void {
  const trades: Trade[] = []
  let now = 1_700_000_000_000
  const e = new SpotEngine({
    clock: () => now++,
    assets: Object.fromEntries(ASSETS.map((a) => [a, { scale: SCALE }])),
    symbols: SYMBOLS,
    listener: { onTrade: (t) => trades.push({ ...t }) }, // a copy: recycleOrders reuses the trade record
    recycleOrders
  })
  const total = new Map(ASSETS.map((a) => [a, 0n]))
  ACCOUNTS.forEach((a, i) =>
    ASSETS.forEach((asset, j) => {
      e.deposit(a, asset, deposits[i]![j]!)
      total.set(asset, total.get(asset)! + deposits[i]![j]!)
    })
  )

  for (const c of cmds) {
    const account = ACCOUNTS[c.acc]!
    if (c.kind === 'cancelAll') e.cancelAll(account)
    else {
      const s = SYMBOLS[c.sym]!
      if (c.kind === 'cancel') {
        const open = e.openOrders(account, s.symbol)
        if (open.length > 0) expect(e.cancel(account, s.symbol, open[c.pick % open.length]!.id).ok).toBe(true)
      } else {
        const input: PlaceInput =
          c.kind === 'limit'
            ? { symbol: s.symbol, side: c.side, type: 'LIMIT', price: c.price, qty: c.qty, timeInForce: c.tif }
            : c.kind === 'mbuy'
              ? { symbol: s.symbol, side: 'BUY', type: 'MARKET', quoteQty: c.quoteQty }
              : { symbol: s.symbol, side: 'SELL', type: 'MARKET', qty: c.qty }
        const r = e.place(account, input)
        if (r.ok && r.type === 'LIMIT' && r.id !== '') {
          // never beyond its limit price
          for (const t of trades.filter((t) => t.takerOrderId === r.id))
            expect(r.side === 'BUY' ? t.price <= r.price : t.price >= r.price).toBe(true)
        }
      }
    }

    // conservation per asset, no negative balances
    const sums = new Map(ASSETS.map((a) => [a, 0n]))
    for (const row of e.ledger.rows()) {
      expect(row.free >= 0n && row.locked >= 0n).toBe(true)
      sums.set(row.asset, sums.get(row.asset)! + row.free + row.locked)
    }
    expect(sums).toEqual(total)

    // the resting book is never crossed
    for (const s of SYMBOLS) {
      const bid = e.bestBid(s.symbol)
      const ask = e.bestAsk(s.symbol)
      if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask)
    }

    // locked == holds of open orders, recomputed from public order data
    for (const a of ACCOUNTS) {
      const want = new Map(ASSETS.map((x) => [x, 0n]))
      for (const o of e.openOrders(a)) {
        const s = SYMBOLS.find((x) => x.symbol === o.symbol)!
        const m = mul(s)
        const rest = BigInt(o.origQty - o.executedQty)
        if (o.side === 'BUY') want.set(s.quoteAsset, want.get(s.quoteAsset)! + BigInt(o.price) * rest * m.quote)
        else want.set(s.baseAsset, want.get(s.baseAsset)! + rest * m.base)
      }
      for (const x of ASSETS) expect(e.balance(a, x).locked).toBe(want.get(x))
    }
  }
  // nobody traded with themselves; the internal audit agrees
  expect(trades.every((t) => t.makerAccount !== t.takerAccount)).toBe(true)
  expect(auditEngine(e)).toEqual([])
}

describe('engine properties', () => {
  it('conserves money, never crosses, keeps locked == open holds, no negatives', () => {
    // size 'max': fast-check's default size caps an array at 2 x minLength + 10 items, whatever maxLength says
    const deposit = fc.bigInt({ min: 0n, max: 20_000_000n })
    fc.assert(
      fc.property(
        fc.array(cmd, { minLength: 1, maxLength: 120, size: 'max' }),
        fc.array(fc.array(deposit, { minLength: 3, maxLength: 3 }), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (cmds, deposits, recycle) => run(cmds, deposits, recycle)
      ),
      { numRuns: runs(250) }
    )
    // CPU-bound: about 5 s beside a CPU hog, once over 30 s on a machine loaded far past that (load average 12).
  }, 120_000)

  it('the same with rich accounts (fewer rejections, deeper books)', () => {
    const deposit = fc.bigInt({ min: 10n ** 12n, max: 10n ** 13n })
    fc.assert(
      fc.property(
        fc.array(cmd, { minLength: 50, maxLength: 250, size: 'max' }),
        fc.array(fc.array(deposit, { minLength: 3, maxLength: 3 }), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (cmds, deposits, recycle) => run(cmds, deposits, recycle)
      ),
      { numRuns: runs(80) }
    )
  }, 120_000)
})

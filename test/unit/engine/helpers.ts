// Shared fixture for the engine tests: two symbols on one quote asset, small precisions so the expected
// numbers are easy to work out by hand.
//   btcusdt: price 2 decimals (tick 0.01), qty 3 decimals (lot 0.001); BTC and USDT ledger scale 8
//            -> 1 lot = 100_000 BTC units; 1 tick*lot = 1_000 USDT units; fees maker 0.1%, taker 0.2%
//   ethusdt: price 2 decimals, qty 2 decimals; ETH scale 8 -> 1 lot = 1_000_000 ETH units;
//            1 tick*lot = 10_000 USDT units; fees maker 0, taker 0.05%
import { expect } from 'vitest'
import { auditEngine } from '../../../src-sim/engine/audit'
import { SpotEngine, type EngineOptions } from '../../../src-sim/engine/engine'
import type { Order } from '../../../src-sim/engine/order'
import { toOrderInfo } from '../../../src-sim/engine/order'
import type { OrderInfo, PlaceInput, Rejection, SymbolConfig, Trade } from '../../../src-sim/engine/types'

export const BTC: SymbolConfig = {
  symbol: 'btcusdt',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  pricePrecision: 2,
  quantityPrecision: 3,
  makerFeePpm: 1000,
  takerFeePpm: 2000
}
export const ETH: SymbolConfig = {
  symbol: 'ethusdt',
  baseAsset: 'ETH',
  quoteAsset: 'USDT',
  pricePrecision: 2,
  quantityPrecision: 2,
  makerFeePpm: 0,
  takerFeePpm: 500
}
export const ASSETS = { BTC: { scale: 8 }, ETH: { scale: 8 }, USDT: { scale: 8 } }

export interface Fixture {
  e: SpotEngine
  trades: Trade[]
  updates: OrderInfo[]
  time: { now: number }
}

export function makeEngine(extra: Partial<EngineOptions> = {}): Fixture {
  const trades: Trade[] = []
  const updates: OrderInfo[] = []
  const time = { now: 1_700_000_000_000 }
  const e = new SpotEngine({
    clock: () => time.now,
    assets: ASSETS,
    symbols: [BTC, ETH],
    // copies: with recycleOrders the engine reuses its Order and Trade records
    listener: { onTrade: (t) => trades.push({ ...t }), onOrder: (o) => updates.push(toOrderInfo(o)) },
    ...extra
  })
  return { e, trades, updates, time }
}

/** 1 USDT / BTC / ETH in ledger units (scale 8). */
export const UNIT = 100_000_000n

export function fund(e: SpotEngine, account: string, usdt = 1_000_000n, btc = 100n, eth = 1000n): void {
  e.deposit(account, 'USDT', usdt * UNIT)
  e.deposit(account, 'BTC', btc * UNIT)
  e.deposit(account, 'ETH', eth * UNIT)
}

/** The accepted order as a copy (OrderInfo), or throw with the rejection reason. */
export function ok(r: Order | Rejection): OrderInfo {
  if (!r.ok) throw new Error(`rejected: ${r.reason}`)
  return toOrderInfo(r)
}

export function limit(
  e: SpotEngine,
  account: string,
  side: 'BUY' | 'SELL',
  price: number,
  qty: number,
  more: Partial<PlaceInput> = {}
): Order | Rejection {
  return e.place(account, { symbol: 'btcusdt', side, type: 'LIMIT', price, qty, ...more })
}

export function bal(e: SpotEngine, account: string, asset: string): [bigint, bigint] {
  const b = e.balance(account, asset)
  return [b.free, b.locked]
}

export function expectSound(e: SpotEngine): void {
  expect(auditEngine(e)).toEqual([])
}

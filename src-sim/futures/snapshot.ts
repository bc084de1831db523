// The futures state as plain JSON and back: BigInt money as decimal strings, Maps as entry lists. Open orders go
// back on their books in placement order (seq), so price-time priority survives a restart.
import { IdGenerator } from '../engine'
import type { FuturesBooks } from './books'
import { FuturesRecords } from './records'
import type { ContractMarket, FOrder, FuturesAccount, Position, Trigger } from './types'

export interface FuturesSnapshot {
  version: 1
  accounts: unknown[]
  orders: unknown[]
  triggers: Trigger[]
  market: [string, unknown][]
  records: unknown
  nextOrderId: string
  nextTradeId: string
  counters: { posSeq: number; orderSeq: number; eventSeq: number; transferSeq: number; nextFunding: number }
  fees: [string, string][]
  netInflow: [string, string][]
}

/** The futures state's collections a snapshot holds. */
export interface FuturesParts {
  readonly accounts: Map<string, FuturesAccount>
  readonly orders: Map<string, FOrder>
  readonly triggers: Map<string, Trigger>
  readonly market: Map<string, ContractMarket>
  readonly fees: Map<string, bigint>
  readonly netInflow: Map<string, bigint>
}

export type FuturesCounters = FuturesSnapshot['counters']

/** The rest of the state a snapshot holds: records, id generators and counters (the state keeps them private). */
export interface FuturesRestored {
  records: FuturesRecords
  orderIds: IdGenerator
  tradeIds: IdGenerator
  counters: FuturesCounters
}

type Json = Record<string, unknown>
const mapOut = (m: Map<string, bigint>): [string, string][] => [...m].map(([k, v]) => [k, v.toString()])
const mapIn = (l: [string, string][]): Map<string, bigint> => new Map(l.map(([k, v]) => [k, BigInt(v)]))

const POSITION_BIG = ['cost', 'margin', 'openTicks', 'closeTicks', 'closeProfit', 'tradeFee', 'capitalFee'] as const
const ORDER_BIG = ['executedTicks', 'fee', 'lockUnit'] as const

function withBig<T>(o: T, keys: readonly string[], f: (x: unknown) => unknown): Json {
  const out: Json = { ...(o as Json) }
  for (const k of keys) out[k] = f(out[k])
  return out
}
const str = (x: unknown): unknown => (x as bigint).toString()
const big = (x: unknown): unknown => BigInt(x as string)

export function snapshotFutures(v: FuturesParts & FuturesRestored): FuturesSnapshot {
  return {
    version: 1,
    accounts: [...v.accounts.values()].map((a) => ({
      id: a.id,
      system: a.system,
      tracked: a.tracked,
      wallet: mapOut(a.wallet),
      lock: mapOut(a.lock),
      achieved: mapOut(a.achieved),
      settings: [...a.settings],
      positions: [...a.positions.values()].map((p) => withBig(p, POSITION_BIG, str)),
      historyRealized: mapOut(a.historyRealized)
    })),
    orders: [...v.orders.values()].map((o) => ({
      ...withBig(o, ORDER_BIG, str),
      fills: o.fills.map((f) => ({ ...f, fee: f.fee.toString() }))
    })),
    triggers: [...v.triggers.values()],
    market: [...v.market].map(([k, m]) => [
      k,
      {
        ...m,
        basisE6: m.basisE6.toString(),
        fundingRateE8: m.fundingRateE8.toString(),
        appliedRateE8: m.appliedRateE8.toString()
      }
    ]),
    records: v.records.snapshot(),
    nextOrderId: v.orderIds.peek(),
    nextTradeId: v.tradeIds.peek(),
    counters: { ...v.counters },
    fees: mapOut(v.fees),
    netInflow: mapOut(v.netInflow)
  }
}

/** Fills the collections of `v` (open orders back on `v.books`); returns the rest for the state to keep. */
export function restoreFutures(
  v: FuturesParts & { readonly books: FuturesBooks },
  s: FuturesSnapshot
): FuturesRestored {
  if (s.version !== 1) throw new Error(`unknown futures snapshot version ${String(s.version)}`)
  for (const raw of s.accounts as Json[]) {
    const a: FuturesAccount = {
      id: raw['id'] as string,
      system: raw['system'] as boolean,
      tracked: raw['tracked'] as boolean,
      wallet: mapIn(raw['wallet'] as [string, string][]),
      lock: mapIn(raw['lock'] as [string, string][]),
      achieved: mapIn(raw['achieved'] as [string, string][]),
      settings: new Map(
        raw['settings'] as [string, FuturesAccount['settings'] extends Map<string, infer S> ? S : never][]
      ),
      positions: new Map(),
      historyRealized: mapIn(raw['historyRealized'] as [string, string][])
    }
    for (const p of raw['positions'] as Json[]) {
      const pos = withBig(p, POSITION_BIG, big) as unknown as Position
      a.positions.set(`${pos.contract}|${pos.key}`, pos)
    }
    v.accounts.set(a.id, a)
  }
  const open: FOrder[] = []
  for (const raw of s.orders as Json[]) {
    const o = {
      ...withBig(raw, ORDER_BIG, big),
      fills: (raw['fills'] as Json[]).map((f) => ({ ...f, fee: BigInt(f['fee'] as string) }))
    } as unknown as FOrder
    v.orders.set(o.id, o)
    if (o.status === 'NEW' || o.status === 'PARTIALLY_FILLED') open.push(o)
  }
  for (const o of open.sort((a, b) => a.seq - b.seq)) v.books.rest(v.books.engineOrder(o))
  for (const t of s.triggers) v.triggers.set(t.id, { ...t })
  for (const [k, m] of s.market) {
    const raw = m as Json
    v.market.set(k, {
      ...(raw as unknown as ContractMarket),
      basisE6: BigInt(raw['basisE6'] as string),
      fundingRateE8: BigInt(raw['fundingRateE8'] as string),
      appliedRateE8: BigInt(raw['appliedRateE8'] as string)
    })
  }
  for (const [k, x] of s.fees) v.fees.set(k, BigInt(x))
  for (const [k, x] of s.netInflow) v.netInflow.set(k, BigInt(x))
  return {
    records: FuturesRecords.restore(s.records),
    orderIds: new IdGenerator(BigInt(s.nextOrderId)),
    tradeIds: new IdGenerator(BigInt(s.nextTradeId)),
    counters: { ...s.counters }
  }
}

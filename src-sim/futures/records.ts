// History the futures state keeps for its users (not for bots or the insurance fund): fills, capital flow,
// closed-position PnL, auto-deleveraging and liquidation events. Orders and triggers live in the futures state's maps.
// Lists are oldest first and capped per account (oldest dropped first).
import { newest, pushBounded } from '../bounded-list'
import type { Action, MarginMode, Side } from './types'

export interface TradeRec {
  tradeId: string
  orderId: string
  contract: string
  side: Side
  isMaker: boolean
  /** OPEN or CLOSE: what the fill did to the position */
  action: Action
  price: number
  qty: number
  fee: bigint
  /** gross PnL of a closing fill */
  realized: bigint
  bidId: string
  askId: string
  bidAccount: string
  askAccount: string
  time: number
}

/** type: the family's code (1 transfer in, 2 out, 3 liquidation, 5 funding, 6 open fee, 7 close fee, 13 closing PnL) */
export interface CapitalRec {
  contract: string
  coin: string
  type: string
  amount: bigint
  /** wallet balance after */
  balance: bigint
  time: number
}

export interface PnlRec {
  id: string
  contract: string
  side: Side
  positionType: MarginMode
  leverage: number
  openTicks: bigint
  openQty: number
  closeTicks: bigint
  closeQty: number
  tradeFee: bigint
  capitalFee: bigint
  closeProfit: bigint
  historyRealized: bigint
  ctime: number
  mtime: number
}

/** An ADL or liquidation event of one position. */
export interface EventRec {
  id: string
  contract: string
  side: Side
  positionType: MarginMode
  volume: number
  price: number
  time: number
}

export const CAP = 20_000

type Lists<T> = Map<string, T[]>

function push<T>(m: Lists<T>, account: string, rec: T): void {
  let l = m.get(account)
  if (!l) m.set(account, (l = []))
  pushBounded(l, rec, CAP)
}

const big = (v: bigint): string => v.toString()

export class FuturesRecords {
  readonly trades: Lists<TradeRec> = new Map()
  readonly capital: Lists<CapitalRec> = new Map()
  readonly pnl: Lists<PnlRec> = new Map()
  readonly adl: Lists<EventRec> = new Map()
  readonly liquidations: Lists<EventRec> = new Map()

  /** An account's records of one list, the newest CAP, oldest first: every reader takes them here. */
  of<T>(lists: Lists<T>, account: string): readonly T[] {
    const l = lists.get(account)
    return l ? newest(l, CAP) : []
  }

  trade(account: string, r: TradeRec): void {
    push(this.trades, account, r)
  }
  flow(account: string, r: CapitalRec): void {
    push(this.capital, account, r)
  }
  closed(account: string, r: PnlRec): void {
    push(this.pnl, account, r)
  }
  event(kind: 'adl' | 'liquidation', account: string, r: EventRec): void {
    push(kind === 'adl' ? this.adl : this.liquidations, account, r)
  }

  snapshot(): unknown {
    const enc = <T>(m: Lists<T>, f: (r: T) => unknown): unknown => [...m].map(([a, l]) => [a, newest(l, CAP).map(f)])
    return {
      trades: enc(this.trades, (r) => ({ ...r, fee: big(r.fee), realized: big(r.realized) })),
      capital: enc(this.capital, (r) => ({ ...r, amount: big(r.amount), balance: big(r.balance) })),
      pnl: enc(this.pnl, (r) => ({
        ...r,
        openTicks: big(r.openTicks),
        closeTicks: big(r.closeTicks),
        tradeFee: big(r.tradeFee),
        capitalFee: big(r.capitalFee),
        closeProfit: big(r.closeProfit),
        historyRealized: big(r.historyRealized)
      })),
      adl: enc(this.adl, (r) => r),
      liquidations: enc(this.liquidations, (r) => r)
    }
  }

  static restore(data: unknown): FuturesRecords {
    type Raw = [string, Record<string, unknown>[]][]
    const d = data as Record<'trades' | 'capital' | 'pnl' | 'adl' | 'liquidations', Raw>
    const r = new FuturesRecords()
    const dec = <T>(into: Lists<T>, raw: Raw, bigKeys: string[]): void => {
      for (const [a, l] of raw) {
        into.set(
          a,
          l.map((x) => {
            const o: Record<string, unknown> = { ...x }
            for (const k of bigKeys) o[k] = BigInt(x[k] as string)
            return o as T
          })
        )
      }
    }
    dec(r.trades, d.trades, ['fee', 'realized'])
    dec(r.capital, d.capital, ['amount', 'balance'])
    dec(r.pnl, d.pnl, ['openTicks', 'closeTicks', 'tradeFee', 'capitalFee', 'closeProfit', 'historyRealized'])
    dec(r.adl, d.adl, [])
    dec(r.liquidations, d.liquidations, [])
    return r
  }
}

// The levels of the shown profile's live algorithms on one market, as the candle chart draws them (one more kind of
// own line, charts/own-state-layer.ts): an OCO's stop and limit, a stop's trigger, a trailing stop's price as it
// trails, a bracket's entry, take profit and stop loss, an iceberg's or a TWAP's limit, a chase's bound, a scaled
// order's levels. A level a child order already stands for (the OCO's limit once placed, a bracket's take profit
// once placed, a scaled level once placed) is left out: the child is drawn as an open order. Pure; prices stay text.
import { compare, sub } from '@shared/decimal'
import { gatewayOf } from '@shared/module'
import type { Gateway } from '@shared/api/types'
import type { AlgoChildView, AlgoView } from '@shared/ipc/views/algos'

export type AlgoPart =
  | 'oco-stop'
  | 'oco-limit'
  | 'stop-market'
  | 'stop-limit'
  | 'trailing'
  | 'bracket-entry'
  | 'bracket-tp'
  | 'bracket-sl'
  | 'iceberg'
  | 'twap'
  | 'chase'
  | 'scaled'

export interface OwnAlgoLevel {
  /** `<algo id>:<part>` (`:<n>` more for a scaled level): the line's identity. */
  id: string
  part: AlgoPart
  side: 'BUY' | 'SELL'
  price: string
  /** What the level is for: what is left of the algorithm's total, or a scaled level's size. */
  qty: string
  /** A stop-limit's limit; a trailing stop's distance (percent). */
  limit?: string
  pct?: string
  /** A scaled level: its number (from 1) and how many. */
  n?: number
  of?: number
  paused: boolean
}

/** The states an algorithm is live in: one stopping or ended draws nothing. */
const LIVE = new Set<AlgoView['state']>(['waiting', 'working', 'paused'])
/** A child whose order is (or is about to be) on the venue: it is drawn as an open order. */
const CHILD_LIVE = new Set<AlgoChildView['state']>(['placing', 'open', 'cancelling'])

const hasLive = (a: AlgoView, role: AlgoChildView['role']): boolean =>
  a.children.some((c) => c.role === role && CHILD_LIVE.has(c.state))

/** The levels of the live algorithms of that market, in the list's order. */
export function algoLevels(list: readonly AlgoView[], market: { gateway: Gateway; symbol: string }): OwnAlgoLevel[] {
  const out: OwnAlgoLevel[] = []
  for (const a of list) {
    if (!LIVE.has(a.state) || gatewayOf(a.module) !== market.gateway || a.symbol !== market.symbol) continue
    const left = compare(a.filled, a.quantity) < 0 ? sub(a.quantity, a.filled) : '0'
    const paused = a.state === 'paused'
    const push = (part: AlgoPart, price: string | null, qty: string, more: Partial<OwnAlgoLevel> = {}): void => {
      if (price === null || compare(price, '0') <= 0) return
      out.push({ id: `${a.id}:${part}`, part, side: a.side, price, qty, paused, ...more })
    }
    // A trigger is watched until it fires; what it sends then is a child order.
    const armed = a.triggered === null
    switch (a.kind) {
      case 'oco':
        if (armed) push('oco-stop', a.triggerPrice, left)
        if (armed && !hasLive(a, 'limit')) push('oco-limit', a.limitPrice, left)
        break
      case 'stop-market':
        if (armed) push('stop-market', a.triggerPrice, left)
        break
      case 'stop-limit':
        if (armed) push('stop-limit', a.triggerPrice, left, a.stopLimitPrice ? { limit: a.stopLimitPrice } : {})
        break
      case 'trailing-stop':
        if (armed) push('trailing', a.trailingStop, left, a.trailPercent ? { pct: a.trailPercent } : {})
        break
      case 'bracket':
        // The entry until it is sent; the take profit until its order is placed; the stop loss until it fires.
        if (!a.children.some((c) => c.role === 'entry')) push('bracket-entry', a.limitPrice, a.quantity)
        if (armed && !hasLive(a, 'take-profit')) push('bracket-tp', a.takeProfitPrice, a.quantity)
        if (armed) push('bracket-sl', a.triggerPrice, a.quantity)
        break
      case 'iceberg':
        push('iceberg', a.limitPrice, left)
        break
      case 'twap':
        push('twap', a.limitPrice, left)
        break
      case 'chase':
        push('chase', a.chaseBound, left)
        break
      case 'scaled':
        // Each level until its order is sent (placed, or refused: then it is not coming).
        ;(a.levels ?? []).forEach((l, k) => {
          if (a.children.some((c) => c.role === 'level' && c.level === k)) return
          out.push({
            id: `${a.id}:scaled:${k + 1}`,
            part: 'scaled',
            side: a.side,
            price: l.price,
            qty: l.volume,
            n: k + 1,
            of: a.levels!.length,
            paused
          })
        })
        break
    }
  }
  return out
}

// Fills, told per order in words (fill-words.ts) as toasts, desktop notifications and notices: what filled of what
// was asked, at what average, and what became of the rest. Each order's news is told once (order-teller.ts).
// - Spot and margin: main's order history says when an order the terminal placed or saw changes
//   (trading.onOrderHistory, followed for the window's profile, named); its records carry type, asked size, fill,
//   average and state.
// - Futures: the spec has no private stream, so main's polls (account.onUpdate) say where to look: an open order
//   whose executed size grew or which left the book, a position whose size changed. Then the venue's futures order
//   history of that contract is read (account.orderHistory) for the orders' outcomes.
import { watch } from 'vue'
import { add, compare } from '@shared/decimal'
import type {
  AccountSnapshotView,
  FuturesOrderHistoryView,
  OpenOrderView,
  PositionView
} from '@shared/ipc/views/account'
import type { Module } from '@shared/module'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import { outcomeWords, type OutcomeWords } from '../lib/fill-words'
import { futuresOutcome, futuresState, spotOutcome } from '../lib/order-outcome'
import { liveSubscribe } from '../services/live'
import { streamOrder } from './stream-order'
import { terminal } from '../services/terminal'
import { OrderTeller } from './order-teller'
import { addRecent } from './recent-keys'

export interface FillCheck {
  module: Module
  symbol: string
  /** Venue ms: trades before the oldest changed order of the symbol cannot be its fills. */
  since: number
  /** Futures: the contract holds no position now (closed, or none was seen). */
  closed?: boolean
}

const key = (o: OpenOrderView): string => `${o.module}:${o.orderId}`

/** The symbols worth a look after a new snapshot of open orders. */
export function fillChecks(prev: ReadonlyMap<string, OpenOrderView>, next: readonly OpenOrderView[]): FillCheck[] {
  const out = new Map<string, FillCheck>()
  const want = (o: OpenOrderView): void => {
    const k = `${o.module}:${o.symbol}`
    out.set(k, { module: o.module, symbol: o.symbol, since: Math.min(out.get(k)?.since ?? Infinity, o.time) })
  }
  const now = new Set<string>()
  for (const o of next) {
    now.add(key(o))
    const p = prev.get(key(o))
    if (p && compare(o.executed, p.executed) > 0) want(o)
  }
  for (const [k, o] of prev) if (!now.has(k)) want(o)
  return [...out.values()]
}

/** Contracts whose position size changed (opened, added to, reduced, closed). */
export function changedPositions(prev: readonly PositionView[] | null, next: readonly PositionView[] | null): string[] {
  if (!prev || !next) return []
  const size = (list: readonly PositionView[]) => {
    const m = new Map<string, string>()
    for (const p of list) m.set(p.contractName, add(m.get(p.contractName) ?? '0', p.volume))
    return m
  }
  const a = size(prev)
  const b = size(next)
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => compare(a.get(k) ?? '0', b.get(k) ?? '0') !== 0)
}

export interface FillWatchOptions {
  /** The window's profile (followed for spot and margin). */
  profileId: () => string | null
  spotSymbolOf?: (symbol: string) => SpotSymbolView | undefined
  contractOf?: (symbol: string) => ContractView | undefined
  /** Local ms clock; futures orders created before the watch (less a margin for clock offset) are not news. */
  now?: () => number
}

/**
 * `listKey`: the news of a futures order, for the notification center to list once (main lists spot and margin fills
 * itself from its order history, so theirs have none).
 */
export type FillNotify = (words: OutcomeWords, profileId: string, listKey?: string, order?: OrderNews) => void

/**
 * Which order the news is of (`key`, one per profile and order) and whether it is the order's end: one message per
 * order, updated in place as it fills more.
 */
export interface OrderNews {
  key: string
  final: boolean
}

/** Futures orders read per look: more than a poll interval's worth of one contract's orders. */
const FUTURES_LOOK = 20
/** Futures orders whose first fill was listed, the latest few. */
const LISTED = 2000

/** A closing order that ended canceled with nothing filled. */
const droppedLeg = (r: FuturesOrderHistoryView): boolean =>
  r.openOrClose === 'CLOSE' && futuresState(r.status) === 'canceled' && compare(r.dealVolume, '0') === 0

/** Watches the window's profile; `notify` is called once per piece of news of an order. Returns stop. */
export function startFillWatch(notify: FillNotify, o: FillWatchOptions): () => void {
  const teller = new OrderTeller()
  const startedAt = (o.now ?? Date.now)() - 30_000

  const onHistory = (profileId: string, orders: readonly OrderHistoryEntryView[]): void => {
    for (const e of orders) {
      const k = `${profileId}:${e.module}:${e.orderId}`
      const news = teller.news(k, spotOutcome(e, o.spotSymbolOf?.(e.symbol)))
      if (news) notify(outcomeWords(news), profileId, undefined, { key: k, final: news.state !== 'open' })
    }
  }
  // main's per-profile streams are applied in order, another profile's or an older event never (stream-order.ts)
  const historyOrder = streamOrder()
  const accountOrder = streamOrder()
  let offHistory = (): void => undefined
  const stopFollow = watch(
    o.profileId,
    (id) => {
      offHistory()
      offHistory =
        id === null
          ? () => undefined
          : liveSubscribe(
              'trading.onOrderHistory',
              { profileId: id },
              (e) => historyOrder.accept(e, id) && onHistory(id, e.orders)
            )
    },
    { immediate: true }
  )

  /** The futures orders of the profile whose snapshot showed the change (not whichever is active when this runs). */
  async function look(c: FillCheck, profileId: string): Promise<void> {
    const rows: FuturesOrderHistoryView[] = await terminal().invoke('account.orderHistory', {
      profileId,
      symbol: c.symbol,
      limit: FUTURES_LOOK
    })
    for (const r of [...rows].filter((x) => x.ctimeMs >= c.since).sort((a, b) => a.ctimeMs - b.ctimeMs)) {
      const k = `${profileId}:futures:${r.orderId}`
      const news = teller.news(k, futuresOutcome(r, o.contractOf?.(r.contractName)))
      // A closing order canceled with nothing filled once its position is gone (a TP/SL leg the venue dropped with
      // the position) had nothing left to close: no failure to tell. The close's own fill is told.
      if (!news || (c.closed && droppedLeg(r))) continue
      const first = !listed.has(k)
      addRecent(listed, k, LISTED)
      // The notification center lists the first fill and the end (one toast shows each growth in place).
      const final = news.state !== 'open'
      const listKey = final || first ? `fill:futures:${r.orderId}:${final ? 'end' : 'first'}` : undefined
      notify(outcomeWords(news), profileId, listKey, { key: k, final })
    }
  }
  const listed = new Set<string>()

  let last: AccountSnapshotView | null = null
  let prev = new Map<string, OpenOrderView>()
  function onSnapshot(s: AccountSnapshotView): void {
    // A new profile is a new account, not a wave of fills.
    const same = last !== null && last.profileId === s.profileId
    const checks = same ? fillChecks(prev, s.openOrders).filter((c) => c.module === 'futures') : []
    if (same) {
      const seen = new Set(checks.map((c) => c.symbol))
      for (const c of changedPositions(last!.positions, s.positions))
        if (!seen.has(c)) checks.push({ module: 'futures', symbol: c, since: startedAt })
    }
    const held = new Set((s.positions ?? []).filter((p) => compare(p.volume, '0') !== 0).map((p) => p.contractName))
    for (const c of checks) c.closed = s.positions !== null && !held.has(c.symbol)
    last = s
    prev = new Map(s.openOrders.map((x) => [key(x), x]))
    // A failed look is not worth a toast: the next change looks again.
    for (const c of checks) look(c, s.profileId).catch(() => undefined)
  }
  // futures: true costs nothing extra: main polls one union of what every view of the profile asked for.
  const offAccount = liveSubscribe(
    'account.onUpdate',
    { futures: true },
    (s) => accountOrder.accept(s, null) && onSnapshot(s)
  )
  return () => {
    stopFollow()
    offHistory()
    offAccount()
  }
}

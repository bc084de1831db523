// Fills, told as desktop notifications. The spec has no private stream: main polls the account (account.onUpdate).
// What may have filled is read from the snapshots: an open order whose executed size grew or which left the book,
// a futures position whose size changed, spot balances whose totals changed (a market order never rests in the
// book). Then the user's own trades of that symbol are read (account.trades) and each trade not told before is one
// notification: fills are trades, so a cancel with nothing filled tells nothing, and a partial fill is told once.
import { add, compare, countDecimals, div, mul } from '@shared/decimal'
import type { AccountSnapshotView, BalanceView, OpenOrderView, PositionView, UserTradeView } from '@shared/ipc/views/account'
import type { TradeModule } from '@shared/ipc/views/common'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'

export interface FillCheck {
  module: TradeModule
  symbol: string
  /** Venue ms: trades before the oldest changed order of the symbol cannot be its fills. */
  since: number
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

/** Assets whose total (free + locked) differs between two balance lists. */
export function changedAssets(prev: readonly BalanceView[] | null, next: readonly BalanceView[] | null): Set<string> {
  const out = new Set<string>()
  if (!prev || !next) return out
  const total = (list: readonly BalanceView[]) => new Map(list.map((b) => [b.asset.toUpperCase(), add(b.free, b.locked)]))
  const a = total(prev)
  const b = total(next)
  for (const k of new Set([...a.keys(), ...b.keys()])) if (compare(a.get(k) ?? '0', b.get(k) ?? '0') !== 0) out.add(k)
  return out
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

/** One message for the fills of one symbol and side found together: their total and volume-weighted price. */
export function fillMessage(trades: readonly UserTradeView[]): { title: string; body: string } {
  const t = trades[0]!
  const what = t.side === 'BUY' ? 'Bought' : 'Sold'
  const title = `Order filled · ${t.symbol.toUpperCase()}`
  if (trades.length === 1) return { title, body: `${what} ${t.qty} @ ${t.price} (${t.module}${t.isMaker ? ', maker' : ''})` }
  const qty = trades.reduce((s, x) => add(s, x.qty), '0')
  const notional = trades.reduce((s, x) => add(s, mul(x.qty, x.price)), '0')
  const digits = Math.max(...trades.map((x) => countDecimals(x.price)))
  const avg = compare(qty, '0') > 0 ? div(notional, qty, digits, 'half-even') : t.price
  return { title, body: `${what} ${qty} @ ${avg} avg, ${trades.length} fills (${t.module})` }
}

export interface FillWatchOptions {
  /** Spot symbols trading exactly these assets (a fill moves the base and the quote). */
  spotSymbolsOf?: (assets: ReadonlySet<string>) => string[]
  /** Local ms clock; trades older than the watch (less a margin for clock offset) are not news. */
  now?: () => number
}

/** Watches the active profile's account; `notify` is called once per new fill. Returns stop. */
export function startFillWatch(notify: (title: string, body: string) => void, o: FillWatchOptions = {}): () => void {
  let last: AccountSnapshotView | null = null
  let prev = new Map<string, OpenOrderView>()
  const told = new Set<string>()
  const startedAt = (o.now ?? Date.now)() - 30_000

  /** The trades of the profile whose snapshot showed the change (not whichever is active when this runs). */
  async function check(c: FillCheck, profileId: string): Promise<void> {
    const trades = await terminal().invoke('account.trades', c.module === 'futures' ? { profileId, module: 'futures', symbol: c.symbol, limit: 50 } : { profileId, module: c.module, symbol: c.symbol, limit: 50 })
    const fresh = trades.filter((x) => x.time >= c.since && !told.has(`${x.module}:${x.id}`)).sort((a, b) => a.time - b.time)
    const bySide = new Map<string, UserTradeView[]>()
    for (const t of fresh) {
      told.add(`${t.module}:${t.id}`)
      bySide.set(t.side, [...(bySide.get(t.side) ?? []), t])
    }
    for (const group of bySide.values()) {
      const m = fillMessage(group)
      notify(m.title, m.body)
    }
    if (told.size > 1000) for (const id of [...told].slice(0, 500)) told.delete(id)
  }

  function onSnapshot(s: AccountSnapshotView): void {
    // A new profile is a new account, not a wave of fills.
    const same = last !== null && last.profileId === s.profileId
    const checks = same ? fillChecks(prev, s.openOrders) : []
    if (same) {
      const seen = new Set(checks.map((c) => `${c.module}:${c.symbol}`))
      const more = (module: FillCheck['module'], symbol: string): void => {
        if (!seen.has(`${module}:${symbol}`)) (seen.add(`${module}:${symbol}`), checks.push({ module, symbol, since: startedAt }))
      }
      for (const c of changedPositions(last!.positions, s.positions)) more('futures', c)
      const assets = changedAssets(last!.balances, s.balances)
      if (assets.size >= 2) for (const sym of o.spotSymbolsOf?.(assets) ?? []) more('spot', sym)
    }
    last = s
    prev = new Map(s.openOrders.map((x) => [key(x), x]))
    // A failed look is not worth a toast: the next change looks again.
    for (const c of checks) check(c, s.profileId).catch(() => undefined)
  }

  // futures: true costs nothing extra: main polls one union of what every view of the profile asked for.
  return liveSubscribe('account.onUpdate', { futures: true }, onSnapshot)
}

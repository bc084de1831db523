// Reconciliation of futures operations beyond plain orders (trigger orders, TP/SL, leverage, wallet transfers)
// after an unknown outcome: safe reads only, with background priority, repeated with back-off while the venue
// cannot be reached. As for orders (reconcile.ts), "not there" is final only for a read SENT after the settle
// point (failure time + the venue's time window + a margin): before it, a copy of the request may still arrive.
// Where the venue shows nothing that identifies the operation (no id, several equal candidates, a setting it
// never shows) the answer is 'cannot-tell': the caller is told so, and nothing is guessed or resent.
import { compare, isDecimalText } from '@shared/decimal'
import type { Words } from '@shared/i18n/words'
import type { RequestParams } from '../client/validate'
import type { EndpointId } from '../../src-shared/api/catalog'
import { backOff, reasonOf, untilSettled, type ReconcileEnv } from './reconcile'
import { readRefusal } from './read-errors'
import { isNoSuchOrder } from './venue-ops'

/** `reason`: why, in catalog words (main.reason.*), told inside the verdict's text. */
export type OpFacts<T> =
  { kind: 'applied'; value: T } | { kind: 'not-applied'; reason: Words } | { kind: 'cannot-tell'; reason: Words }

/** Where the venue may have processed the request, on its clock: [from, settleAt]. */
export interface OpWindow {
  from: number
  settleAt: number
}

/** Trigger and capital-flow lists read per check (the newest first on the embedded venue). */
const PAGE = 1000
const MAX_PAGES = 5
/** Futures order history read when looking for a fired TP/SL leg (the maximum page of orderHistorical). */
const HISTORY_READ = 1000

const BG = (env: ReconcileEnv) => ({ priority: 'background' as const, signal: env.signal })

/** One read, counted; a failure is returned, not thrown (a closed gateway still throws). */
async function read(
  env: ReconcileEnv,
  id: EndpointId,
  params: RequestParams
): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  env.onQuery()
  try {
    return { ok: true, value: await env.client.call(id, params, BG(env)) }
  } catch (e) {
    env.signal.throwIfAborted()
    return { ok: false, error: e }
  }
}

/**
 * Runs `check` until it is conclusive: `undefined` from it means "not there yet", final only when the read was
 * sent after the settle point; a thrown read error backs off and tries again, unless the venue refuses it for good
 * (read-errors.ts): then the check cannot tell.
 */
async function untilConclusive<T>(
  env: ReconcileEnv,
  settleAt: number,
  missing: Words,
  check: () => Promise<OpFacts<T> | undefined>
): Promise<OpFacts<T>> {
  for (let n = 1; ;) {
    env.signal.throwIfAborted()
    const askedAt = env.serverNow()
    let facts: OpFacts<T> | undefined
    try {
      facts = await check()
    } catch (e) {
      env.signal.throwIfAborted()
      const refusal = readRefusal(e)
      if (refusal !== undefined) return { kind: 'cannot-tell', reason: refusal }
      await backOff(env, n++, reasonOf(e))
      continue
    }
    if (facts) return facts
    if (askedAt >= settleAt) return { kind: 'not-applied', reason: missing }
    env.onInconclusive('not seen yet; waiting out the time window')
    await untilSettled(env, settleAt)
  }
}

async function mustRead(env: ReconcileEnv, id: EndpointId, params: RequestParams): Promise<unknown> {
  const r = await read(env, id, params)
  if (!r.ok) throw r.error
  return r.value
}

const sameValue = (a: unknown, b: unknown): boolean => {
  const x = String(a ?? '')
  const y = String(b ?? '')
  return isDecimalText(x) && isDecimalText(y) && compare(x, y) === 0
}
const abs = (t: string): string => (t.startsWith('-') ? t.slice(1) : t)
/** Some venues send 1 / 2 for stop-loss / take-profit (api-family-notes). */
const triggerKind = (t: unknown): number => (Number(t) === 1 ? 3 : Number(t) === 2 ? 4 : Number(t))

interface TriggerRow {
  id: string
  contractName: string
  side: string
  open: string
  triggerType: number
  triggerPrice: string
  price: string
  volume: string
  ctime: number
}

/** Every trigger order of the contract the venue lists (all pages, at most MAX_PAGES x PAGE). */
async function triggerRows(env: ReconcileEnv, contractName: string): Promise<TriggerRow[]> {
  const rows: TriggerRow[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = (await mustRead(env, 'futures.triggerOrder.list', { contractName, page, limit: PAGE })) as {
      count?: number
      trigOrderList?: Record<string, unknown>[]
    }
    const list = r.trigOrderList ?? []
    for (const t of list) {
      rows.push({
        id: String(t['triggerOrderId'] ?? t['id']),
        contractName: String(t['contractName'] ?? ''),
        side: String(t['side'] ?? ''),
        open: String(t['open'] ?? ''),
        triggerType: triggerKind(t['triggerType']),
        triggerPrice: String(t['triggerPrice'] ?? ''),
        price: String(t['price'] ?? ''),
        volume: String(t['volume'] ?? ''),
        ctime: Number(t['ctime'])
      })
    }
    if (list.length < PAGE || rows.length >= Number(r.count ?? 0)) break
  }
  return rows
}

/** What a trigger order or TP/SL leg asked for, as it appears in the trigger list. */
export interface TriggerShape {
  side: string
  open: 'OPEN' | 'CLOSE'
  triggerType: number
  triggerPrice: string
  volume: string
  /** LIMIT price; a MARKET order's list price means nothing. */
  price?: string
}

function matches(
  rows: TriggerRow[],
  contractName: string,
  s: TriggerShape,
  w: OpWindow,
  known: ReadonlySet<string>
): TriggerRow[] {
  return rows.filter(
    (t) =>
      !known.has(t.id) &&
      t.contractName.toLowerCase() === contractName.toLowerCase() &&
      t.side === s.side &&
      t.open === s.open &&
      t.triggerType === triggerKind(s.triggerType) &&
      sameValue(t.triggerPrice, s.triggerPrice) &&
      sameValue(t.volume, s.volume) &&
      (s.price === undefined || sameValue(t.price, s.price)) &&
      t.ctime >= w.from &&
      t.ctime <= w.settleAt
  )
}

/**
 * A conditional order: first by its client id (the venue keeps a waiting trigger's order, state INIT), then by
 * the fields sent in the trigger list (venues that do not show trigger orders by client id).
 * `known`: trigger ids this terminal already accounts for (they are not this request).
 */
export function reconcileTrigger(
  env: ReconcileEnv,
  contractName: string,
  clientOrderId: string,
  s: TriggerShape,
  w: OpWindow,
  known: ReadonlySet<string>
): Promise<OpFacts<{ orderId: string }>> {
  return untilConclusive(env, w.settleAt, { key: 'main.reason.triggerAbsent' }, async () => {
    const q = await read(env, 'futures.order.query', { contractName, clientOrderId })
    if (q.ok) return { kind: 'applied', value: { orderId: String((q.value as { orderId: unknown }).orderId) } }
    if (!isNoSuchOrder(q.error)) throw q.error
    const hits: TriggerRow[] = []
    for (const t of matches(await triggerRows(env, contractName), contractName, s, w, known)) {
      // A venue that shows a match's order by its id keeps trigger orders where the query by client id looks:
      // the "absent" above stands, so the match is someone else's. One it cannot show stays a candidate.
      const o = await read(env, 'futures.order.query', { contractName, orderId: t.id })
      if (o.ok && (o.value as { clientOrderId?: unknown }).clientOrderId === clientOrderId)
        return { kind: 'applied', value: { orderId: t.id } }
      if (!o.ok && !isNoSuchOrder(o.error)) throw o.error // unreachable: try again later
      if (!o.ok) hits.push(t)
    }
    if (hits.length === 1) return { kind: 'applied', value: { orderId: hits[0]!.id } }
    if (hits.length > 1)
      return { kind: 'cannot-tell', reason: { key: 'main.reason.triggersMatch', params: { count: hits.length } } }
    return undefined
  })
}

/**
 * A TP/SL request: its legs are created together or not at all; each must be found exactly once. Venues list
 * only waiting triggers, so a leg that fired since leaves no trace there: "none listed" is 'not-applied' only
 * when no closing order of the position's side was created on the contract since the request.
 */
export async function reconcileTpSl(
  env: ReconcileEnv,
  contractName: string,
  side: string,
  legs: TriggerShape[],
  w: OpWindow,
  known: ReadonlySet<string>
): Promise<OpFacts<{ triggerIds: string[] }>> {
  const facts = await listedTpSl(env, contractName, legs, w, known)
  if (facts.kind !== 'not-applied') return facts
  const fired = await untilConclusive(env, w.settleAt, facts.reason, async () => {
    // A fired leg's order is in the history (filled, or canceled / rejected without a fill) or still open; a
    // waiting trigger's order (state INIT) is not a fired leg. Any closing order since the request counts.
    const done = (await mustRead(env, 'futures.orderHistorical', { contractName, limit: HISTORY_READ })) as {
      side?: unknown
      openOrClose?: unknown
      ctimeMs?: unknown
      status?: unknown
    }[]
    const open = (await mustRead(env, 'futures.openOrders', { contractName })) as {
      side?: unknown
      action?: unknown
      transactTime?: unknown
      status?: unknown
    }[]
    // The newest HISTORY_READ orders: when even the oldest of them is in the window, more may be beyond it.
    if (done.length >= HISTORY_READ && done.every((o) => Number(o.ctimeMs) >= w.from)) {
      return {
        kind: 'cannot-tell' as const,
        reason: { key: 'main.reason.historyFull', params: { count: HISTORY_READ, symbol: contractName } }
      }
    }
    const closing = [
      ...done
        .filter((o) => Number(o.status) !== 0)
        .map((o) => ({ side: o.side, action: o.openOrClose, at: Number(o.ctimeMs) })), // history status 0: INIT
      ...open
        .filter((o) => o.status !== 'INIT')
        .map((o) => ({ side: o.side, action: o.action, at: Number(o.transactTime) }))
    ].filter((o) => o.side === side && String(o.action).toUpperCase() === 'CLOSE' && o.at >= w.from)
    return closing.length > 0
      ? {
          kind: 'cannot-tell' as const,
          reason: { key: 'main.reason.legMayHaveFired', params: { count: closing.length, symbol: contractName } }
        }
      : { kind: 'not-applied' as const, reason: facts.reason }
  })
  return fired as OpFacts<{ triggerIds: string[] }>
}

function listedTpSl(
  env: ReconcileEnv,
  contractName: string,
  legs: TriggerShape[],
  w: OpWindow,
  known: ReadonlySet<string>
): Promise<OpFacts<{ triggerIds: string[] }>> {
  return untilConclusive(env, w.settleAt, { key: 'main.reason.tpslAbsent' }, async () => {
    const rows = await triggerRows(env, contractName)
    const hits = legs.map((leg) => matches(rows, contractName, leg, w, known))
    if (hits.some((h) => h.length > 1)) return { kind: 'cannot-tell', reason: { key: 'main.reason.legAmbiguous' } }
    const found = hits.filter((h) => h.length === 1).length
    if (found === legs.length) return { kind: 'applied', value: { triggerIds: hits.map((h) => h[0]!.id) } }
    if (found > 0 && env.serverNow() >= w.settleAt)
      return {
        kind: 'cannot-tell',
        reason: { key: 'main.reason.legsPartly', params: { found, total: legs.length } }
      }
    return undefined
  })
}

/** Leverage: read back from a position of that margin mode; the venue shows it nowhere else. */
export function reconcileLeverage(
  env: ReconcileEnv,
  contractName: string,
  positionType: number,
  leverage: number,
  settleAt: number
): Promise<OpFacts<void>> {
  return untilConclusive(env, settleAt, { key: 'main.reason.leverageNot', params: { leverage } }, async () => {
    const r = (await mustRead(env, 'futures.positions', { contractName })) as {
      positions?: { positionType?: unknown; leverageLevel?: unknown; contractName?: unknown }[]
    }
    const p = (r.positions ?? []).find((x) => Number(x.positionType) === positionType)
    if (!p)
      return {
        kind: 'cannot-tell',
        reason: { key: 'main.reason.leverageHidden', params: { symbol: contractName, positionType } }
      }
    return sameValue(p.leverageLevel, leverage) ? { kind: 'applied', value: undefined } : undefined
  })
}

export interface TransferShape {
  coin: string
  amount: string
  direction: 'wallet_to_contract' | 'contract_to_wallet'
}

/** Matching transfers the terminal accounts for (not this request): processed surely within the window, or maybe. */
export interface KnownTransfers {
  sure: number
  maybe: number
}

/**
 * Venue times of the capital-flow records that look like this transfer (type "1" in / "2" out, no contract, same
 * amount; same coin when the venue names it) within [from, to].
 */
export async function transferTimes(
  read: (params: RequestParams) => Promise<unknown>,
  t: TransferShape,
  from: number,
  to: number
): Promise<number[]> {
  const type = t.direction === 'wallet_to_contract' ? '1' : '2'
  const times: number[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = (await read({ beginTime: Math.floor(from), endTime: Math.ceil(to), page, limit: PAGE })) as {
      records?: Record<string, unknown>[]
    }
    const list = r.records ?? []
    for (const x of list) {
      const coin = x['coinSymbol'] ?? x['marginCoin'] ?? x['symbol']
      if (
        String(x['type']) !== type ||
        x['contractName'] ||
        (coin !== undefined && String(coin).toUpperCase() !== t.coin.toUpperCase())
      )
        continue
      const time = Number(x['time'])
      if (sameValue(abs(String(x['amount'])), t.amount) && time >= from && time <= to) times.push(time)
    }
    if (list.length < PAGE) break
  }
  return times
}

/**
 * A wallet transfer: matching capital-flow records within the window. Those the terminal already accounts for
 * (its own earlier transfers, and records that existed before this one was sent) are counted out; when they
 * make the count ambiguous, the answer is 'cannot-tell'.
 */
export function reconcileTransfer(
  env: ReconcileEnv,
  t: TransferShape,
  w: OpWindow,
  known: () => KnownTransfers
): Promise<OpFacts<{ time?: number }>> {
  return untilConclusive(env, w.settleAt, { key: 'main.reason.transferAbsent' }, async () => {
    const times = await transferTimes((p) => mustRead(env, 'futures.capital', p), t, w.from, w.settleAt)
    const hits = times.length
    const k = known()
    const unexplained = hits - k.sure // this request (0 or 1) plus 0..maybe of the known ones
    if (unexplained === 0) return undefined
    // The venue's time of the record, when it is the only one (a later check then counts it exactly).
    if (unexplained === k.maybe + 1) return { kind: 'applied', value: hits === 1 ? { time: times[0]! } : {} }
    return {
      kind: 'cannot-tell',
      reason: {
        key: 'main.reason.transfersMatch',
        params: { count: hits, amount: t.amount, coin: t.coin, accounted: k.sure + k.maybe }
      }
    }
  })
}

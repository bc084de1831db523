// Moving an open LIMIT order to a new price. The interface has no amend, so a move is a cancel and then a place,
// both through the order gateway (each its own action, client order id and events on trading.onOrderEvents). What a
// move guarantees:
// - nothing is sent when the replacement would break the symbol's rules (the caller's `check`), when the order is
//   not an open LIMIT order, or while the same order is already being moved;
// - the place goes out only once the cancel's outcome is KNOWN (the gateway reconciles an unknown one within its
//   deadline); a cancel still unknown, undetermined or refused leaves the order where it was and places nothing;
// - never two live orders for one: after the cancel the order is read back until final, and the replacement is
//   sized to what was still open then (a fill before or during the move makes it smaller; filled whole: none);
// - a refused or unknown place after a successful cancel is an outcome the trader is told at once, with the reason
//   (an unknown one goes on through the gateway's usual reconciliation and undetermined handling).
import { randomUUID } from 'node:crypto'
import { compare, sub } from '@shared/decimal'
import { inEnglish } from '@shared/i18n/translate'
import type { Words } from '@shared/i18n/words'
import type { MoveOutcome } from '@shared/ipc/views/trading'
import type { Module } from '@shared/module'
import type { ExchangeClient } from '../client/exchange-client'
import type { ExchangeError } from '../client/errors'
import type { OrderGateway } from './order-gateway'
import { backOff, lookup, reconcileEnv, type ReconcileEnv } from './reconcile'
import { asSaid, linking, said, SaidValidationError } from './said'
import type { CancelResult, PlaceRequest, PlaceResult } from './types'
import { isTerminal, MARKET_OPS, decimalField } from './venue-ops'

export interface MoveRequest {
  market: Module
  symbol: string
  orderId: string
  /** The new price, decimal text as the trader gave it (never rounded here). */
  price: string
  /** Futures: the margin mode the replacement is placed in (1 cross, 2 isolated). */
  positionType?: 1 | 2
}

/** The replacement as the symbol's rules see it (the service checks them: a refusal throws, nothing is sent). */
export interface Replacement {
  side: 'BUY' | 'SELL'
  type: 'LIMIT'
  volume: string
  price: string
  /** Futures only. */
  open?: 'OPEN' | 'CLOSE'
}

export interface MoveResult {
  moveId: string
  outcome: MoveOutcome
  market: Module
  symbol: string
  orderId: string
  price: string
  /** Filled of the old order when last read. */
  filled: string
  /** The replacement's size (null when none was sent). */
  volume: string | null
  cancel: CancelResult
  place: PlaceResult | null
  /** What happened, in catalog words (chartTrading.move.*). */
  words: Words
  /** Why a step failed (the cancel's, the read's or the place's error); null when moved. */
  error: unknown
}

export interface MoveDeps {
  gateway: OrderGateway
  client: ExchangeClient
  /** The symbol's rules for the replacement: throws the refusal (nothing is sent). */
  check(r: Replacement): Promise<void>
  /** Reads of the order: tries before giving up (default 8); they back off as the gateway's reconciliation does. */
  reads?: { tries?: number }
}

/** The venue's order as a query answers it (spot, margin and futures share these fields). */
interface OrderRead {
  orderId: string
  status?: string
  type?: string
  side?: 'BUY' | 'SELL'
  price?: string | number
  origQty?: string | number
  executedQty?: string | number
  /** Futures: OPEN or CLOSE. */
  action?: string
}

const OPEN = new Set(['NEW', 'PARTIALLY_FILLED'])
const remainingOf = (o: OrderRead): string => sub(decimalField(o.origQty), decimalField(o.executedQty))

/** Orders being moved now, per gateway: a second move of one of them is refused unsent. */
const moving = new WeakMap<OrderGateway, Set<string>>()

/** A move refused before anything is sent: the client's validation kind, its message the words in English. */
function refused(market: Module, field: string, rule: string, words: Words): SaidValidationError {
  const e = new SaidValidationError(MARKET_OPS[market].cancel, field, rule, words)
  e.message = `${e.endpointId}: ${inEnglish(words)}`
  return e
}

export async function moveOrder(deps: MoveDeps, r: MoveRequest): Promise<MoveResult> {
  const busy = moving.get(deps.gateway) ?? new Set<string>()
  moving.set(deps.gateway, busy)
  const key = `${r.market}:${r.orderId}`
  if (busy.has(key))
    throw refused(r.market, 'orderId', 'moving', { key: 'chartTrading.move.busy', params: { order: r.orderId } })
  busy.add(key)
  try {
    return await move(deps, r)
  } finally {
    busy.delete(key)
  }
}

async function move(deps: MoveDeps, r: MoveRequest): Promise<MoveResult> {
  const env = readEnv(deps)
  const ref = { orderId: r.orderId }
  const first = await readOrder(env, deps, r, 'open')
  if (first.kind !== 'found') {
    const why: Words = first.kind === 'absent' ? { key: 'main.verdict.noSuchOrder' } : first.reason
    throw refused(
      r.market,
      'orderId',
      'unread',
      linking({ key: 'chartTrading.move.unread', params: { order: r.orderId } }, 'reason', why)
    )
  }
  const o = first.order
  if (String(o.type ?? '').toUpperCase() !== 'LIMIT')
    throw refused(r.market, 'orderId', 'limitOnly', {
      key: 'chartTrading.move.limitOnly',
      params: { order: r.orderId }
    })
  if (!OPEN.has(String(o.status)))
    throw refused(r.market, 'orderId', 'notOpen', {
      key: 'chartTrading.move.notOpen',
      params: { order: r.orderId, status: String(o.status ?? '?') }
    })
  if (o.price !== undefined && compare(decimalField(o.price), r.price) === 0)
    throw refused(r.market, 'price', 'samePrice', {
      key: 'chartTrading.move.samePrice',
      params: { order: r.orderId, price: r.price }
    })
  const side = o.side === 'SELL' ? 'SELL' : 'BUY'
  const open = r.market === 'futures' ? (String(o.action).toUpperCase() === 'CLOSE' ? 'CLOSE' : 'OPEN') : undefined
  const replacement = (volume: string): Replacement => ({
    side,
    type: 'LIMIT',
    volume,
    price: r.price,
    ...(open ? { open } : {})
  })
  // The symbol's rules for the replacement as it stands now: a refusal throws here, before anything is sent.
  await deps.check(replacement(remainingOf(o)))

  const moveId = randomUUID()
  const base = { moveId, market: r.market, symbol: r.symbol, orderId: r.orderId, price: r.price }
  const cancel = await deps.gateway.cancel({ market: r.market, symbol: r.symbol, ...ref })
  const told = (outcome: MoveOutcome, params: Record<string, string> = {}): Words => ({
    key: `chartTrading.move.outcome.${outcome}`,
    params: { order: r.orderId, price: r.price, ...params }
  })
  const end = (
    outcome: MoveOutcome,
    rest: { filled: string; volume?: string | null; place?: PlaceResult | null; error?: unknown },
    params: Record<string, string> = {}
  ): MoveResult => ({
    ...base,
    outcome,
    filled: rest.filled,
    volume: rest.volume ?? null,
    cancel,
    place: rest.place ?? null,
    words: told(outcome, { filled: rest.filled, ...params }),
    error: rest.error ?? null
  })
  const filledBefore = decimalField(o.executedQty)

  if (cancel.status === 'unknown' || cancel.status === 'undetermined')
    return end('cancel-unknown', { filled: filledBefore, error: cancel.error })
  if (cancel.status === 'rejected') {
    // Refused: filled meanwhile (nothing to move), or still where it was (one read tells which).
    const now = await readOrder(env, deps, r, 'open')
    if (now.kind === 'found' && String(now.order.status) === 'FILLED')
      return end('filled', { filled: decimalField(now.order.executedQty) })
    return end('not-canceled', { filled: filledBefore, error: cancel.error })
  }

  // Cancelled: how much is left is known only once the venue shows the order final (a live PENDING_CANCEL may fill).
  const after = await readOrder(env, deps, r, 'final')
  if (after.kind !== 'found' || !isTerminal(after.order.status))
    return end('fill-unread', {
      filled: filledBefore,
      error: unreadError(
        r,
        after.kind === 'failed'
          ? after.reason
          : after.kind === 'absent'
            ? { key: 'main.verdict.noSuchOrder' }
            : asSaid(`status ${String(after.order.status)}`)
      )
    })
  const filled = decimalField(after.order.executedQty)
  const volume = remainingOf(after.order)
  if (String(after.order.status) === 'FILLED' || compare(volume, '0') <= 0) return end('filled', { filled })
  // Smaller than the order was: part of it filled (before the move, or during it).
  const smaller = compare(filled, '0') > 0
  if (compare(volume, remainingOf(o)) < 0) {
    try {
      await deps.check(replacement(volume)) // a smaller rest may fall under the symbol's minimum
    } catch (e) {
      return end('place-rejected', { filled, volume, error: e })
    }
  }
  const place = await deps.gateway.place(placeRequest(r, replacement(volume)))
  if (place.status === 'placed') return end(smaller ? 'moved-smaller' : 'moved', { filled, volume, place }, { volume })
  const outcome: MoveOutcome =
    place.status === 'rejected' ? 'place-rejected' : place.status === 'unknown' ? 'place-unknown' : 'place-undetermined'
  return end(outcome, { filled, volume, place, error: place.error }, { volume })
}

function placeRequest(r: MoveRequest, x: Replacement): PlaceRequest {
  const fields = { symbol: r.symbol, side: x.side, type: x.type, volume: x.volume, price: x.price }
  if (r.market !== 'futures') return { market: r.market, ...fields }
  return { market: 'futures', ...fields, open: x.open ?? 'OPEN', positionType: r.positionType ?? 1 }
}

/** The cancelled order's fill could not be read (why, in words): the error a 'fill-unread' move carries. */
function unreadError(r: MoveRequest, reason: Words): ExchangeError {
  return said(
    { kind: 'network', endpointId: MARKET_OPS[r.market].query },
    linking({ key: 'chartTrading.move.fillUnread', params: { order: r.orderId } }, 'reason', reason)
  )
}

type Read = { kind: 'found'; order: OrderRead } | { kind: 'absent' } | { kind: 'failed'; reason: Words }

/**
 * The order as the venue shows it. 'open': one answer is enough. 'final': read again (backing off) while it is not
 * final yet (a PENDING_CANCEL may still fill) or the venue is unreachable; gives up after `tries`.
 */
async function readOrder(env: ReconcileEnv, deps: MoveDeps, r: MoveRequest, want: 'open' | 'final'): Promise<Read> {
  const tries = deps.reads?.tries ?? 8
  let last: Read = { kind: 'failed', reason: asSaid('not read') }
  for (let n = 1; n <= tries; n++) {
    const q = await lookup(env, r.market, r.symbol, { orderId: r.orderId })
    if (q.kind === 'absent') return q
    if (q.kind === 'found') {
      last = { kind: 'found', order: q.order as OrderRead }
      if (want === 'open' || isTerminal(q.order.status)) return last
    } else if (q.kind === 'refused') return { kind: 'failed', reason: q.reason }
    else last = { kind: 'failed', reason: asSaid(q.reason) }
    if (n < tries) await backOff(env, n, q.kind === 'unreachable' ? q.reason : 'not final yet')
  }
  return last
}

function readEnv(deps: MoveDeps): ReconcileEnv {
  return reconcileEnv(deps.client, deps.gateway.settings, new AbortController().signal, {
    onQuery: () => undefined,
    onInconclusive: () => undefined
  })
}

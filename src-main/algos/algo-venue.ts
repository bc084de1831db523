// What the algorithm engine needs of a venue, and that port over the profile's order gateway. Every place and
// cancel goes through the gateway (client order ids, its intent log, its reconciliation of unknown outcomes); the
// engine only waits for the gateway's verdict, and reads orders by id to follow their fills. Reads go at background
// priority, behind the user's own actions.
import { normalizeDecimal } from '@shared/decimal'
import type { Words } from '@shared/i18n/words'
import type { ExchangeClient } from '../client/exchange-client'
import { depthFromRest } from '../feeds/normalize'
import type { Module } from '@shared/module'
import type { OrderGateway } from '../orders/order-gateway'
import { backOff, lookup, reconcileEnv, type ReconcileEnv } from '../orders/reconcile'
import { asSaid, errorWords } from '../orders/said'
import type { GatewayEvent, PlaceRequest, PlaceVerdict } from '../orders/types'
import { isTerminal, decimalField } from '../orders/venue-ops'
import type { BestPrices } from './steps'

export type PlaceOutcome =
  | { kind: 'placed'; orderId: string; status?: string; filled: string }
  | { kind: 'not-placed'; error: Words }
  /** The venue will not tell (the gateway's undetermined verdict): the order may exist. */
  | { kind: 'unknown'; error: Words }

export type CancelOutcome = { kind: 'answered' } | { kind: 'unknown'; error: Words }

export type OrderRead =
  | { kind: 'found'; status: string; filled: string; final: boolean }
  | { kind: 'absent' }
  | { kind: 'failed'; error: Words }

export interface BatchItem {
  side: 'BUY' | 'SELL'
  type: 'LIMIT' | 'MARKET'
  volume: string
  price?: string
  clientOrderId: string
}

/** Spot or futures: the cancels and reads of an algorithm go to its own module (spot when not said). */
type AlgoMarket = Extract<Module, 'spot' | 'futures'>

/** A futures batch: every order of it opens or closes alike, with one margin mode (spot when absent). */
export interface FuturesBatch {
  open: 'OPEN' | 'CLOSE'
  positionType: 1 | 2
}

export interface AlgoVenue {
  /** Places through the gateway and waits for its verdict (an unknown outcome is reconciled first). */
  place(r: PlaceRequest & { clientOrderId: string }): Promise<PlaceOutcome>
  /**
   * Places up to 10 orders in one batch through the gateway; one outcome per order, in order, each after its
   * verdict (an unknown outcome is reconciled by client id first). With `futures`, on the futures batch endpoint.
   */
  placeBatch(symbol: string, orders: BatchItem[], futures?: FuturesBatch): Promise<PlaceOutcome[]>
  /** Cancels through the gateway and waits for its verdict; the order is read afterwards for its final fill. */
  cancel(symbol: string, orderId: string, market?: AlgoMarket): Promise<CancelOutcome>
  /** After a restart: what became of a place journaled with this client id (its verdict, or a read by the id). */
  find(symbol: string, clientOrderId: string, market?: AlgoMarket): Promise<PlaceOutcome>
  /** One read of an order by its id. */
  read(symbol: string, orderId: string, market?: AlgoMarket): Promise<OrderRead>
  /** The best bid and ask of the book now (the module's: spot when not said); null when it could not be read. */
  best(symbol: string, market?: AlgoMarket): Promise<BestPrices | null>
}

function placeOutcome(v: PlaceVerdict): PlaceOutcome {
  if (v.status === 'placed') {
    const o = v.order as { status?: string; executedQty?: string | number }
    return { kind: 'placed', orderId: v.orderId, status: o.status, filled: decimalField(o.executedQty) }
  }
  if (v.status === 'rejected') return { kind: 'not-placed', error: errorWords(v.error) }
  return { kind: 'unknown', error: errorWords(v.error) }
}

export interface GatewayVenueOptions {
  /** The profile's gateway and client now (a profile edit rebuilds them: each call takes the current ones). */
  runtime(): { gateway: OrderGateway; client: ExchangeClient }
  signal: AbortSignal
}

export function gatewayVenue(o: GatewayVenueOptions): AlgoVenue {
  const gateway = (): OrderGateway => o.runtime().gateway
  const envNow = (): ReconcileEnv => ({
    // The reads back off as the gateway's reconciliation does.
    ...reconcileEnv(o.runtime().client, gateway().settings, o.signal, {
      onQuery: () => undefined,
      onInconclusive: () => undefined
    }),
    priority: 'background'
  })
  const settledPlace = (cid: string): Promise<PlaceVerdict> =>
    new Promise((resolve) => {
      const off = gateway().onEvent((e: GatewayEvent) => {
        if (e.type === 'settled' && e.action === 'place' && e.result.clientOrderId === cid) {
          off()
          resolve(e.result)
        }
      })
    })
  return {
    async place(r) {
      const res = await gateway().place({ ...r, priority: 'background' })
      return placeOutcome(res.status === 'unknown' ? await res.settled : res)
    },
    async placeBatch(symbol, orders, futures) {
      const results = await gateway().placeBatch(
        futures
          ? { market: 'futures', symbol, orders: orders.map((x) => ({ ...x, ...futures })), priority: 'background' }
          : { market: 'spot', symbol, orders, priority: 'background' }
      )
      return Promise.all(results.map(async (r) => placeOutcome(r.status === 'unknown' ? await r.settled : r)))
    },
    async cancel(symbol, orderId, market = 'spot') {
      const res = await gateway().cancel({ market, symbol, orderId, priority: 'background' })
      const v = res.status === 'unknown' ? await res.settled : res
      return v.status === 'undetermined' ? { kind: 'unknown', error: errorWords(v.error) } : { kind: 'answered' }
    },
    async find(symbol, cid, market = 'spot') {
      // The gateway resumed this place from its own intent log: its verdict is the answer.
      if (
        gateway()
          .pending()
          .some((p) => p.action === 'place' && p.clientOrderId === cid)
      )
        return placeOutcome(await settledPlace(cid))
      const env = envNow()
      for (let n = 1; ; n++) {
        const q = await lookup(env, market, symbol, { clientOrderId: cid })
        if (q.kind === 'found') {
          const order = q.order as { orderId: string; status?: string; executedQty?: string | number }
          return {
            kind: 'placed',
            orderId: String(order.orderId),
            status: order.status,
            filled: decimalField(order.executedQty)
          }
        }
        // No intent of the gateway holds it: never sent (the run ended before), or its verdict was reached.
        if (q.kind === 'absent') return { kind: 'not-placed', error: { key: 'main.verdict.noSuchOrder' } }
        if (q.kind === 'refused') return { kind: 'unknown', error: q.reason }
        await backOff(env, n, q.reason)
      }
    },
    async best(symbol, market = 'spot') {
      try {
        const book = depthFromRest(
          await o.runtime().client.depth(market, symbol, 5, { priority: 'background', signal: o.signal })
        )
        // Canonical text ('29000.00' -> '29000'): the chase's child prices are sent and shown as such.
        const top = (side: [string, string][]): string | null => (side[0] ? normalizeDecimal(side[0][0]) : null)
        return { bid: top(book.bids), ask: top(book.asks) }
      } catch {
        return null
      }
    },
    async read(symbol, orderId, market = 'spot') {
      const q = await lookup(envNow(), market, symbol, { orderId })
      if (q.kind === 'absent') return q
      if (q.kind === 'found') {
        const order = q.order as { status?: string; executedQty?: string | number }
        const status = String(order.status ?? '')
        return { kind: 'found', status, filled: decimalField(order.executedQty), final: isTerminal(status) }
      }
      return { kind: 'failed', error: q.kind === 'refused' ? q.reason : asSaid(q.reason) }
    }
  }
}

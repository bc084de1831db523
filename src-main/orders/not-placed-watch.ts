// Places the gateway reconciled as "not placed" are watched a while longer (their intents stay 'confirming',
// intents.ts): the client id is read once more `confirmAfterMs` later (unreachable: up to TRIES reads, doubling), and
// an order seen meanwhile with that id (open-orders lists, the order history) answers at once. Found, the verdict is
// corrected: a 'placed' event with notice 'correction' (a venue that took a copy past its own window).
import type { Intent, IntentLog } from './intents'
import { lookup, type OrderView, type ReconcileEnv } from './reconcile'
import type { Settled } from './undetermined-book'
import type { SeenOrder } from './undetermined-book'
import { placeVerdict } from './verdicts'

/** Reads of one confirmation that may fail (venue unreachable) before it is given up. */
const TRIES = 6

/** `actionId`: the place's, so its correction names the action it corrects. */
type Watched = Pick<Intent, 'market' | 'symbol' | 'clientOrderId' | 'request'> & { actionId: string }

export interface NotPlacedWatchOptions {
  intents: IntentLog
  /** Reads at background priority, on the gateway's close signal. */
  env: () => ReconcileEnv
  confirmAfterMs: number
  /** Tells a correction (the gateway keeps it as a notice and emits it). */
  correct: (event: Settled) => void
}

export class NotPlacedWatch {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>()

  constructor(private readonly o: NotPlacedWatchOptions) {}

  /** A place just reconciled "not placed": its intent becomes 'confirming' and is read back later. */
  watch(id: string | undefined, i: Watched): void {
    this.o.intents.confirmLater(id, Date.now() + this.o.confirmAfterMs)
    this.schedule(id, i, this.o.confirmAfterMs, 1)
  }

  /** A 'confirming' intent a previous run left: read back at its time. */
  resume(i: Intent): void {
    this.schedule(i.id, { ...i, actionId: i.id }, Math.max(0, (i.confirmAt ?? 0) - Date.now()), 1)
  }

  /** Orders the terminal saw on the venue: a watched place among them is corrected at once. */
  saw(orders: readonly SeenOrder[]): void {
    for (const i of this.o.intents.confirming()) {
      const o = orders.find(
        (x) =>
          x.market === i.market && x.symbol === i.symbol && !!x.clientOrderId && x.clientOrderId === i.clientOrderId
      )
      if (o)
        this.correct(
          i.id,
          { ...i, actionId: i.id },
          { orderId: o.orderId, status: o.status, clientOrderId: i.clientOrderId }
        )
    }
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
  }

  private schedule(id: string | undefined, i: Watched, delayMs: number, attempt: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t)
      void this.confirm(id, i, attempt)
    }, delayMs)
    t.unref?.()
    this.timers.add(t)
  }

  private async confirm(id: string | undefined, i: Watched, attempt: number): Promise<void> {
    const gone = (): boolean => id !== undefined && !this.o.intents.has(id) // corrected meanwhile from an order seen
    if (gone()) return
    const env = this.o.env()
    const q = await lookup(env, i.market, i.symbol, { clientOrderId: i.clientOrderId }).catch(() => undefined)
    if (env.signal.aborted || gone()) return
    if (q?.kind === 'found') return this.correct(id, i, q.order)
    if (q?.kind !== 'absent' && attempt < TRIES)
      return this.schedule(id, i, this.o.confirmAfterMs * 2 ** attempt, attempt + 1)
    this.o.intents.remove(id)
  }

  /** The venue shows it after all: told as a correction (unless it shows REJECTED), and watched no longer. */
  private correct(id: string | undefined, i: Watched, order: OrderView): void {
    this.o.intents.remove(id)
    const v = placeVerdict(
      { actionId: i.actionId, market: i.market, symbol: i.symbol, clientOrderId: i.clientOrderId, reconciled: true },
      { kind: 'found', order }
    )
    if (v.status !== 'placed') return
    this.o.correct({
      type: 'settled',
      action: 'place',
      result: v,
      notice: 'correction',
      late: true,
      ...(i.request ? { request: i.request } : {})
    } as Settled)
  }
}

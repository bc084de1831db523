// The order gateway's actions without a verdict yet, and what each carries to its verdict: the order a place asked
// for (its `order`, shown while it is on its way; a batch answer names only ids), its entry in the intent log
// (intents.ts), whether it was resumed after a restart (its verdict is told as a notice) and whether its command
// already answered 'unknown' (its verdict is late). Every change of an action is announced as a 'pending' event.
import type { OrderView } from './reconcile'
import type { GatewayEvent, PendingAction, PlacedFields } from './types'

/** What an action carried, handed over at its verdict. */
export interface ActionNotes {
  request: PlacedFields | undefined
  intent: string | undefined
  recovered: boolean
  late: boolean
}

export class PendingActions {
  private readonly actions = new Map<number, PendingAction>()
  private readonly intentOf = new Map<number, string>()
  private readonly recovered = new Set<number>()
  private readonly answeredUnknown = new Set<number>()
  private seq = 0

  constructor(private readonly o: { newId: () => string; emit: (e: GatewayEvent) => void }) {}

  /**
   * Starts listing an action under a new action id (a resumed one keeps its own); returns its key. The id is the
   * action's entry in the in-flight list (intents.ts): a place's client order id would not do, as a cancel has none
   * of its own and an order may be cancelled more than once.
   */
  track(a: Omit<PendingAction, 'phase' | 'since' | 'queries' | 'actionId'> & { actionId?: string }): number {
    const key = ++this.seq
    const entry: PendingAction = {
      ...a,
      actionId: a.actionId ?? this.o.newId(),
      phase: 'sending',
      since: Date.now(),
      queries: 0
    }
    this.actions.set(key, entry)
    this.o.emit({ type: 'pending', pending: { ...entry } })
    return key
  }

  actionIdOf(key: number): string {
    return this.actions.get(key)!.actionId
  }

  update(key: number, change: Partial<PendingAction>): void {
    const a = this.actions.get(key)
    if (!a) return
    Object.assign(a, change)
    this.o.emit({ type: 'pending', pending: { ...a } })
  }

  /** One more reconciliation read was made for it. */
  queried(key: number): void {
    this.update(key, { queries: (this.actions.get(key)?.queries ?? 0) + 1 })
  }

  setIntent(key: number, intent: string): void {
    this.intentOf.set(key, intent)
  }

  markRecovered(key: number): void {
    this.recovered.add(key)
  }

  markAnsweredUnknown(key: number): void {
    this.answeredUnknown.add(key)
  }

  /** Its verdict came: what it carried, and it is no longer listed. */
  take(key: number): ActionNotes {
    const notes = {
      request: this.actions.get(key)?.order,
      intent: this.intentOf.get(key),
      recovered: this.recovered.has(key),
      late: this.answeredUnknown.has(key)
    }
    this.forget(key)
    return notes
  }

  /** No longer listed, without a verdict (the gateway closed: still written down for the next start). */
  forget(key: number): void {
    this.actions.delete(key)
    this.intentOf.delete(key)
    this.recovered.delete(key)
    this.answeredUnknown.delete(key)
  }

  /** Copies of the actions, oldest first. */
  list(): PendingAction[] {
    return [...this.actions.values()].map((a) => ({ ...a }))
  }

  /** Whether an action of this kind is in flight on the order `ids` or the venue's `order` name. */
  inFlight(action: 'place' | 'cancel', ids: { clientOrderId?: string; orderId?: string }, order?: OrderView): boolean {
    const cids = [ids.clientOrderId, order?.clientOrderId].filter((c): c is string => !!c)
    const oids = [ids.orderId, order?.orderId].filter((o): o is string => !!o)
    return [...this.actions.values()].some(
      (a) =>
        a.action === action &&
        ((!!a.clientOrderId && cids.includes(a.clientOrderId)) || (!!a.orderId && oids.includes(a.orderId)))
    )
  }
}

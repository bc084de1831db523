// The client order ids one order gateway has used. A place sent again under an id already used, or under the id of an
// order whose outcome the venue would not tell, is refused unsent: if the first order exists, a second under its id
// would make reconciliation (and the trader) unable to tell them apart.
import type { ClientValidationError, ExchangeError } from '../client/errors'
import { makeClientOrderId } from '../client/client-order-id'
import { SaidValidationError } from './said'

/** Client ids remembered to refuse reuse (a reused id would make reconciliation ambiguous). */
const REMEMBERED_IDS = 100_000

export class ClientIds {
  private readonly used = new Set<string>()

  /** `held`: whether an undetermined verdict still reserves the id (undetermined-book.ts). */
  constructor(private readonly held: (cid: string) => boolean) {}

  /** Marks an id as used (a place resumed after a restart: a resend under it would look like that order). */
  add(cid: string): void {
    this.used.add(cid)
    if (this.used.size > REMEMBERED_IDS) this.used.delete(this.used.values().next().value as string)
  }

  /** The caller's client id if it is new to this gateway, else a fresh one; reuse is refused. */
  claim(endpointId: string, given: string | undefined): string | ExchangeError {
    if (given !== undefined && this.isTaken(given)) return this.reuseError(endpointId, given)
    const id = given ?? makeClientOrderId()
    this.add(id)
    return id
  }

  isTaken(cid: string): boolean {
    return this.used.has(cid) || this.held(cid)
  }

  /** Why `cid` cannot be sent again, in words. */
  reuseError(endpointId: string, cid: string): ClientValidationError {
    return this.held(cid)
      ? new SaidValidationError(
          endpointId,
          'clientOrderId',
          'names an order whose outcome the venue would not tell (it may exist): check the venue; a new order needs a new client order id',
          { key: 'main.order.idHeld' }
        )
      : new SaidValidationError(endpointId, 'clientOrderId', 'was already used: a resend needs a new client order id', {
          key: 'main.order.idUsed'
        })
  }
}

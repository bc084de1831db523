// What a guarded futures operation's result (orders/op-guard.ts) means for a command: the venue's answer when it
// took effect (read back or not), else the command fails with what is known — 'not applied' (a resend is safe),
// or 'unknown-outcome' (the venue cannot tell, or it could not be reached yet; checking goes on and an identical
// request is refused until then). `whenSettled` runs once a late verdict arrives (to refresh the account); the
// verdict itself reaches the user as the guard's 'settled' event on trading.onOrderEvents. The operation's id is
// the command's action id (the guard's opId, on its events already): answered with the value, or with the error.
import type { OpResult } from '../orders/op-guard'
import { withActionId } from './errors'

export function appliedOrThrow<T>(r: OpResult<T>, whenSettled: () => void): T & { actionId: string } {
  if (r.status === 'applied') return { ...r.value, actionId: r.id }
  if (r.status === 'unknown') void r.settled.then(whenSettled, () => undefined)
  throw withActionId(r.error, r.id)
}

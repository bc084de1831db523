// The verdict main sends when the venue would not tell whether a place went through, shared by the tests of the
// order form's, the Algo tab's and the open orders' handling of it.
import type { OrderEventView } from '@shared/ipc/views/trading'

export type OrderVerdict = Extract<OrderEventView, { type: 'settled'; action: 'place' | 'cancel' }>

export const cannotTell = (cid: string) => ({
  code: 'unknown-outcome',
  message: `spot.order.place: cannot tell whether order ${cid} was placed: the venue refuses the reads that would tell (spot.order.query: HTTP 403); check the venue before sending it again`,
  exchange: { endpointId: 'spot.order.place', kind: 'unknown-outcome' }
})

export const undetermined = (clientOrderId: string, symbol = 'btcusdt', late = false): OrderVerdict => ({
  actionId: `place-${clientOrderId}`,
  type: 'settled',
  action: 'place',
  module: 'spot',
  symbol,
  clientOrderId,
  orderId: null,
  status: 'undetermined',
  reconciled: true,
  error: cannotTell(clientOrderId),
  notice: null,
  late
})

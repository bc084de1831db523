// An order of a market whose outcome the exchange would not tell (an undetermined place) bars the next order there
// until the trader, having checked the exchange, dismisses its notice: each send gets a fresh client id, so nothing
// else stops a duplicate. The order form and the Algo tab (whose algorithm would send orders there too) both ask it.
import type { Module } from '@shared/module'
import { orderWords, refusal, type Refusal } from '@shared/trading/refusal'
import { useOrderEventsStore } from './order-events'

export function undeterminedPlace(module: Module, symbol: string): Refusal | null {
  const v = useOrderEventsStore().undetermined.find(
    (u) => u.action === 'place' && u.module === module && u.symbol === symbol
  )
  if (!v) return null
  const words = orderWords('order.check.undetermined', { id: v.clientOrderId ?? '', symbol: v.symbol })
  return refusal('undetermined', 'symbol', words)
}

// A hotkey's or a ladder click's order drafted by the order form's own rules, guards and draft, without leaving a
// trace in the form: its fields hold the order only while the draft is made (synchronously: nothing renders and no
// watcher runs meanwhile, and a field set back to the same value wakes none), then exactly what the trader had typed
// again. Fields are set directly, not through the form's setters, which would clear its shown refusal and result.
import type { Refusal } from '@shared/trading/refusal'
import type { Draft } from '../stores/order-draft'
import type { useOrderFormStore } from '../stores/order-form'

type OrderForm = ReturnType<typeof useOrderFormStore>

/** The form's fields an order from a hotkey or a click fills. */
export interface AsideFields {
  side: 'BUY' | 'SELL'
  type: 'LIMIT' | 'MARKET'
  /** Null for a market order. */
  price: string | null
  /** The size, worked out once the form's type and side are set (a market buy may be sized in the quote). */
  volume: (form: OrderForm) => string
}

export function draftAside(form: OrderForm, o: AsideFields): { refusal: Refusal } | { draft: Draft } {
  const kept = {
    side: form.side,
    type: form.type,
    price: form.price,
    volume: form.volume,
    share: form.share,
    trigger: form.trigger,
    tif: form.tif,
    open: form.open
  }
  try {
    form.trigger = 'none'
    form.tif = 'GTC'
    form.open = 'OPEN'
    form.side = o.side
    form.type = o.type
    if (o.price !== null) form.price = o.price
    form.volume = o.volume(form)
    const refusal = form.blocker
    return refusal ? { refusal } : { draft: form.draft() }
  } finally {
    Object.assign(form, kept)
  }
}

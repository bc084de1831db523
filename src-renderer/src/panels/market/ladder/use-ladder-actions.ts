// What a ladder click does. A bid cell places a buy limit at its level, an ask cell a sell limit, down the order
// form's path (hotkeys/trading-hotkeys.ts ladderLevel: the form's rules, guards, draft and confirmation, which asks
// first unless one-click trading is armed). An own order cancels (stores/trading.ts) or moves to the level it was
// dragged to (stores/order-moves.ts). The ladder's own refusals come first, in words, and send nothing: the pop-out
// (no order form there), a book that is not live, a size field that does not hold the saved size, no size at all.
import { ref, watch, type Ref } from 'vue'
import type { Module } from '@shared/module'
import { t } from '../../../i18n'
import { useTradingHotkeysStore } from '../../../hotkeys/trading-hotkeys'
import type { LadderRow, OwnSide } from '../../../lib/price-ladder'
import { useAccountStore } from '../../../stores/account'
import { useAnnouncerStore } from '../../../stores/announcer'
import { useFeedbackStore } from '../../../stores/feedback'
import type { MarketFeed } from '../../../stores/market-panels'
import { useOrderMovesStore } from '../../../stores/order-moves'
import { errorText, outcomeNotes, toastError, useTradingStore } from '../../../stores/trading'
import type { LadderDrag } from './use-ladder-drag'
import { notHereWords } from './not-here'

export function useLadderActions(o: {
  feed: () => MarketFeed
  module: () => Module
  /** False where no order form is at hand (a pop-out). */
  trade: () => boolean
  /** The book's state in words while it is not live, else null. */
  staleState: () => string | null
  /** The size field holds something other than the saved size. */
  sizePending: Ref<boolean>
  price(p: string): string
}) {
  const hotkeys = useTradingHotkeysStore()
  const account = useAccountStore()
  const trading = useTradingStore()
  const moves = useOrderMovesStore()
  const feedback = useFeedbackStore()
  const announcer = useAnnouncerStore()

  /** Orders the ladder hides after a confirmed cancel, until the account's next poll drops them too. */
  const gone = ref(new Set<string>())
  watch(
    () => account.openOrders,
    (list) => {
      const open = new Set(list.map((x) => x.orderId))
      gone.value = new Set([...gone.value].filter((id) => open.has(id)))
    }
  )

  function refuse(why: string): void {
    feedback.warn(t('hotkeys.refused', { action: t('ladder.order') }), why)
    announcer.say(why, true)
  }
  /** Why a click sends nothing now, in words; null when it may go. */
  function blocked(): string | null {
    if (!o.trade()) return notHereWords()
    const stale = o.staleState()
    return stale === null ? null : t('ladder.staleRefused', { state: stale })
  }
  const market = () => ({ module: o.module(), symbol: o.feed().symbol })

  async function place(row: LadderRow, side: 'bids' | 'asks'): Promise<void> {
    const size = hotkeys.size
    const why =
      blocked() ??
      (!size
        ? t('ladder.noSize', { market: hotkeys.marketLabel })
        : o.sizePending.value
          ? t('ladder.sizeUnsaved', { size })
          : null)
    if (why) return refuse(why)
    await hotkeys.ladderLevel(side, row.price, o.feed().key)
  }

  async function cancel(row: LadderRow, side: OwnSide): Promise<void> {
    const own = row[side]
    if (!own) return
    const why = blocked()
    if (why) return refuse(why)
    const { module, symbol } = market()
    try {
      const results =
        own.orderIds.length === 1
          ? [await trading.cancel({ module, symbol, orderId: own.orderIds[0]! })]
          : await trading.cancelMany(module, symbol, own.orderIds)
      const done = results.filter((r) => r.status === 'canceled')
      gone.value = new Set([...gone.value, ...done.map((r) => r.orderId ?? '')])
      const notes = outcomeNotes(results)
      const said = [t('ladder.cancelled', { n: done.length, price: o.price(row.price) }), ...notes.notes].join('; ')
      if (notes.failed || !done.length) feedback.warn(t('ladder.cancelFailed'), said)
      else feedback.orderNews('success', said)
      announcer.say(said)
    } catch (e) {
      toastError(e, t('ladder.cancelFailed'))
      announcer.say(`${t('ladder.cancelFailed')}: ${errorText(e)}`, true)
    }
  }

  async function move(d: LadderDrag, to: string): Promise<void> {
    const why =
      blocked() ??
      (d.orderIds.length !== 1 ? t('ladder.moveOne', { n: d.orderIds.length, price: o.price(d.from) }) : null)
    if (why) return refuse(why)
    await moves.move({ ...market(), orderId: d.orderIds[0]!, side: d.side === 'buys' ? 'BUY' : 'SELL' }, to)
  }

  return { gone, blocked, place, cancel, move }
}

// The order form's send path: a confirmed draft (an order, a trigger order, a test order, a batch) goes to main
// through the trading store, and main's answer is told in words: in the form while the window shows the account it
// was for, else as a toast naming that account (and listed in its notification center). What the form keeps or
// clears after a send is the form's (SendForm).
import type { ComputedRef, Ref } from 'vue'
import { t } from '../i18n'
import { outcome, type Outcome } from '../i18n/outcome'
import { fixDecimals, group } from '../lib/format'
import { useAccountStore } from './account'
import { useAnnouncerStore } from './announcer'
import { useFeedbackStore } from './feedback'
import { useFeeRatesStore } from './fee-rates'
import { ackWords, type Draft } from './order-draft'
import { shownProfileId } from './profile-scope'
import { outcomeNotes, toastError, useTradingStore, type BatchInput } from './trading'

type BatchItem = BatchInput['orders'][number]

export interface SendForm {
  busy: Ref<boolean>
  result: Ref<Outcome | null>
  /** The market's price decimals, read when the draft is sent (a trigger's answer writes its price at them). */
  priceDecimals: ComputedRef<number>
  /** The size goes after an order or a trigger is placed, so a second Enter cannot send it again. */
  clearSize(): void
  /** The batch builder keeps what main refused (to fix and send again); placed and undetermined items leave it. */
  keepBatch(items: BatchItem[]): void
  /** A failure told in the form, and as a toast. */
  fail(e: unknown, title: string): void
}

export function useOrderSend(f: SendForm): (d: Draft) => Promise<void> {
  const trading = useTradingStore()
  const account = useAccountStore()
  const announcer = useAnnouncerStore()
  const feedback = useFeedbackStore()
  const fees = useFeeRatesStore()

  return async function send(d: Draft): Promise<void> {
    f.busy.value = true
    // The window may show another profile by the time the answer comes: then the form (the new account's) is left
    // alone and the outcome is told as a toast naming the account it was for.
    const here = (): boolean => d.profile.id === shownProfileId()
    const show = (r: Outcome): void => {
      if (here()) {
        f.result.value = r
        announcer.say(r.text, !r.ok)
      } else {
        // Told naming its account, and listed in that account's notification center.
        const head = t('order.result.orderOn', { profile: d.profile.name })
        if (r.ok) feedback.orderNews('info', head, r.text, d.profile.id)
        else feedback.warn(head, r.text, null, false, d.profile.id)
      }
    }
    try {
      if (d.kind !== 'conditional' && d.input.module !== 'futures') account.watchSymbol(d.input.module, d.input.symbol)
      if (d.kind === 'test') {
        await trading.testOrder(d.input)
        show(outcome(true, () => t('order.result.testAccepted')))
      } else if (d.kind === 'order') {
        show(ackWords(await trading.place(d.input), d))
        void fees.load(d.input.module, d.input.symbol) // a fill may have taught a new rate
        if (here()) f.clearSize()
      } else if (d.kind === 'conditional') {
        // The trigger as prices are written everywhere else (grouped, at the contract's ticks), not as sent: the
        // ticks read before the answer, which may come after a switch to another market.
        const trigger = group(fixDecimals(d.input.triggerPrice, f.priceDecimals.value))
        const r = await trading.placeConditional(d.input)
        const { kind } = d.input
        show(
          outcome(true, () => t('order.result.conditional', { kind: t(`order.kinds.${kind}`), id: r.orderId, trigger }))
        )
        // As after a plain order: the size goes, so a second Enter cannot send the same trigger again.
        if (here()) f.clearSize()
      } else {
        const results = await trading.placeBatch(d.input)
        // Placed items leave the builder; rejected ones stay, so they can be fixed and sent again. Undetermined
        // ones leave it too: they may exist, and sending them again could duplicate them.
        if (here()) f.keepBatch(d.input.orders.filter((_, n) => results[n]?.status === 'rejected'))
        const placed = results.filter((r) => r.status === 'placed').length
        const told = (): string => t('order.result.batch', { placed, total: results.length })
        show(outcome(!outcomeNotes(results).failed, () => [told(), ...outcomeNotes(results).notes].join('; ')))
      }
    } catch (e) {
      if (here()) f.fail(e, t('order.result.notPlaced'))
      else toastError(e, t('order.result.notPlacedOn', { profile: d.profile.name }), d.profile.id)
    } finally {
      if (here()) f.busy.value = false // another account's form was freed at the switch
    }
  }
}

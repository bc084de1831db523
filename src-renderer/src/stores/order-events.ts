// Order actions and futures operations awaiting a verdict, and the verdicts main tells, per profile. The stream
// (trading.onOrderEvents) is subscribed per profile by id: the shown one, and another while it lists undetermined
// rows; its events are filed under that id, and `pending` / `undetermined` show the shown profile's only, so a notice
// of one profile never bars the order form of another. Main names every outcome: a verdict is told here only when
// main marks it `late` (its command answered without it) or as a notice (recovered after a restart, a correction),
// each once per window; an 'undetermined' one stays listed until the user dismisses it (only the user can check the
// venue) or a later verdict of the same action comes. Nothing here derives an outcome.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { ContractError } from '@shared/ipc/contract-kit'
import type { Sequenced } from '@shared/ipc/views/common'
import type { OperationSubjectView, OrderEventView } from '@shared/ipc/views/trading'
import { t } from '../i18n'
import { wordsOrMessage, wordsText } from '../i18n/words'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'
import { useProfilesStore } from './profiles'
import { addRecent } from './recent-keys'
import { streamOrder } from './stream-order'

/** "Leverage on E-BTC-USDT (leverage 20, cross)" / "Transfer (10 USDT spot-to-futures)": what an operation was. */
export function operationTitle(o: OperationSubjectView): string {
  const kind = t(`order.verdict.operations.${o.kind}`)
  const detail = wordsText(o.words, o.detail)
  return o.symbol
    ? t('order.verdict.operationOn', { kind, symbol: o.symbol, detail })
    : t('order.verdict.operation', { kind, detail })
}

/** A late verdict of a futures operation as a toast: applied, not applied (a resend is safe), or cannot tell. */
function tellVerdict(e: Extract<OrderEventView, { type: 'settled'; action: 'operation' }>): void {
  const feedback = useFeedbackStore()
  const title = operationTitle(e.operation)
  const why = (fallback: string): string => (e.error ? wordsOrMessage(e.error) : fallback)
  if (e.status === 'applied')
    feedback.orderNews('success', t('order.verdict.applied', { title }), t('order.verdict.appliedText'))
  else if (e.status === 'not-applied')
    feedback.warn(t('order.verdict.notApplied', { title }), why(t('order.verdict.notAppliedText')))
  else feedback.warn(t('order.verdict.unknown', { title }), why(t('order.verdict.unknownText')))
}

type OrderVerdict = Extract<OrderEventView, { type: 'settled'; action: 'place' | 'cancel' }>
type PendingEvent = Extract<OrderEventView, { type: 'pending' }>

/** What an order place or cancel is known by: its answer, its pending entries and its verdict alike. */
type OrderRef = { action: 'place' | 'cancel'; clientOrderId: string | null; orderId: string | null }
type ActionRef = OrderRef | { action: 'operation'; opId: string }

/**
 * Whether two events concern the same action: an operation by its id; an order place or cancel of the same kind by
 * a client id or order id both carry. An empty client id names nothing: a cancel by order id learns the client id
 * only from the venue's answer, or never, so two such cancels of different orders must not match on ''.
 */
function sameAction(a: ActionRef, b: ActionRef): boolean {
  if (a.action === 'operation' || b.action === 'operation')
    return a.action === 'operation' && b.action === 'operation' && a.opId === b.opId
  return (
    a.action === b.action &&
    ((!!a.clientOrderId && a.clientOrderId === b.clientOrderId) || (!!a.orderId && a.orderId === b.orderId))
  )
}

/** The verdict of an order action whose command answered "outcome unknown": the form only said "reconciling". */
export function tellOrderVerdict(
  e: Pick<OrderVerdict, 'action' | 'orderId' | 'clientOrderId' | 'symbol' | 'status' | 'error'>
): void {
  const feedback = useFeedbackStore()
  const ids = { id: e.orderId ?? e.clientOrderId ?? '', symbol: e.symbol }
  const what = t(e.action === 'place' ? 'order.verdict.order' : 'order.verdict.cancelOf', ids)
  if (e.status === 'undetermined') {
    // Not "not done": it may have been. The message names the refused read and asks for a look at the venue.
    const text =
      e.action === 'place'
        ? t('order.verdict.placeUndetermined', { id: e.clientOrderId ?? '' })
        : t('order.verdict.cancelUndetermined', { id: ids.id })
    feedback.error(
      new ContractError(e.error ?? { code: 'unknown-outcome', message: text }),
      t('order.verdict.unknown', { title: what })
    )
  } else if (e.status === 'rejected')
    feedback.warn(
      t('order.verdict.notDone', { what }),
      e.error ? wordsOrMessage(e.error) : t('order.verdict.notDoneText')
    )
  else
    feedback.orderNews(
      'success',
      t('order.verdict.done', { what, status: t(`order.verdict.statuses.${e.status}`) }),
      t('order.verdict.doneText')
    )
}

/**
 * A verdict main tells however it arrives: an action this terminal was sending or reconciling when it last stopped
 * (now reconciled), or an order told "not placed" that the exchange shows after all. Both stay until dismissed.
 */
function tellNotice(e: OrderVerdict): void {
  const feedback = useFeedbackStore()
  const ids = { id: e.orderId ?? e.clientOrderId ?? '', symbol: e.symbol }
  if (e.notice === 'correction') {
    const message = t('order.verdict.correction', { clientId: e.clientOrderId ?? '', id: e.orderId ?? '?' })
    feedback.error(
      new ContractError({ code: 'exchange', message: wordsText(e.noticeWords, message) }),
      t('order.verdict.correctionTitle', ids)
    )
    return
  }
  const what = t(e.action === 'place' ? 'order.verdict.beforeStop' : 'order.verdict.cancelBeforeStop', ids)
  const said = e.error ? wordsOrMessage(e.error) : null
  const text =
    e.status === 'undetermined'
      ? (said ?? t('order.verdict.cannotTell'))
      : e.status === 'rejected'
        ? (said ?? t('order.verdict.notTakenEffect'))
        : t('order.verdict.confirmedAfterRestart')
  const title =
    e.status === 'undetermined'
      ? t('order.verdict.unknown', { title: what })
      : e.status === 'rejected'
        ? t('order.verdict.notDone', { what })
        : t('order.verdict.done', { what, status: t(`order.verdict.statuses.${e.status}`) })
  feedback.warn(title, text, null, true)
}

export const useOrderEventsStore = defineStore('orderEvents', () => {
  const profiles = useProfilesStore()
  /** The profile whose lists are shown: the active one ('' before the profile list is known). */
  const shown = computed(() => profiles.activeId ?? '')
  /**
   * Per profile id: actions and operations still awaiting a verdict, by client order id or order id (operations by
   * their id).
   */
  const pendingBy = ref<Record<string, PendingEvent[]>>({})
  const pending = computed(() => pendingBy.value[shown.value] ?? [])
  /** Verdicts reached by reconciliation (operations: late ones only), newest first (a few). */
  const verdicts = ref<Extract<OrderEventView, { type: 'settled' }>[]>([])
  /**
   * Per profile id: order actions whose outcome the venue would not tell, newest first: the user must check. Each
   * stays until dismissed or until the terminal learns the outcome (a later verdict of the same action, the order
   * seen).
   */
  const undeterminedBy = ref<Record<string, OrderVerdict[]>>({})
  const undetermined = computed(() => undeterminedBy.value[shown.value] ?? [])
  const setUndetermined = (profileId: string, list: OrderVerdict[]): void =>
    void (undeterminedBy.value = { ...undeterminedBy.value, [profileId]: list })
  /**
   * Per profile id, dismissed rows: a resumed stream that tells the same verdict again does not bring one back. A
   * new action on the same order (its pending event) ends that, so its own verdict is listed.
   */
  const dismissed = new Map<string, OrderVerdict[]>()
  function dismissUndetermined(v: OrderVerdict): void {
    const id = shown.value
    dismissed.set(id, [v, ...(dismissed.get(id) ?? []).filter((d) => !sameAction(d, v))].slice(0, 50))
    setUndetermined(
      id,
      undetermined.value.filter((x) => !sameAction(x, v))
    )
    // The terminal stops keeping it too (stored across restarts, re-checked): other windows and the next start.
    // No active profile yet (''): leave profileId out, as follow() does; the contract takes a UUID or nothing.
    const ids = {
      ...(id ? { profileId: id } : {}),
      ...(v.orderId ? { orderId: v.orderId } : {}),
      ...(v.clientOrderId ? { clientOrderId: v.clientOrderId } : {})
    }
    terminal()
      .invoke('trading.dismissUndetermined', { module: v.module, symbol: v.symbol, action: v.action, ...ids })
      .catch((e: unknown) => useFeedbackStore().error(e, t('order.verdict.dismissFailed')))
  }
  /**
   * A verdict's effect on the profile's rows: an undetermined one listed once (unless dismissed); any other ends its
   * action's row.
   */
  function listVerdict(profileId: string, e: OrderVerdict): void {
    const listed = undeterminedBy.value[profileId] ?? []
    const others = listed.filter((x) => !sameAction(x, e))
    if (e.status !== 'undetermined') setUndetermined(profileId, others)
    else if (!(dismissed.get(profileId) ?? []).some((d) => sameAction(d, e)))
      setUndetermined(profileId, [e, ...others].slice(0, 20))
  }
  /** Events of another profile, or not newer than the last applied of theirs, are dropped (stream-order.ts). */
  const order = streamOrder()
  /**
   * The events of one profile's stream, filed under its id ('' before the profile list is known: main's active one).
   */
  function onOrderEvent(profileId: string, e: Sequenced<OrderEventView>): void {
    if (!order.accept(e, profileId || null)) return
    const before = pendingBy.value[profileId] ?? []
    const still = before.filter((p) => !sameAction(p, e))
    pendingBy.value = { ...pendingBy.value, [profileId]: e.type === 'pending' ? [...still, e] : still }
    if (e.type === 'pending' && e.action !== 'operation') {
      dismissed.set(
        profileId,
        (dismissed.get(profileId) ?? []).filter((d) => !sameAction(d, e))
      )
      // A new action on the order: its own late verdict is news again.
      toldLate.splice(0, toldLate.length, ...toldLate.filter((t) => !sameAction(t, e)))
    }
    if (e.type === 'pending') return
    if (e.action !== 'operation') {
      verdicts.value = [e, ...verdicts.value].slice(0, 20)
      listVerdict(profileId, e)
      if (e.notice) {
        // Main tells a notice to every stream that subscribes soon after it (so none is lost): told once here.
        const key = `${e.notice}:${e.action}:${e.module}:${e.clientOrderId}:${e.orderId ?? ''}`
        if (!toldNotices.has(key)) tellNotice(e)
        addRecent(toldNotices, key, TOLD_NOTICES)
      } else if (e.late && !toldLate.some((t) => sameAction(t, e) && t.module === e.module && t.status === e.status)) {
        // Main says the command already answered without it ('unknown', or a listed 'undetermined' answered since):
        // this is the only word the user gets. Others were told by their command's answer. A resumed stream tells a
        // kept one again: told once.
        toldLate.unshift(e)
        toldLate.splice(TOLD_LATE)
        tellOrderVerdict(e)
      }
      if (profileId !== shown.value) follow() // its last row may have ended: its stream is no longer needed
    } else if (e.late) {
      // The command already failed with "still checking": this is the only word the user gets of the outcome.
      verdicts.value = [e, ...verdicts.value].slice(0, 20)
      tellVerdict(e)
    }
  }

  /**
   * One stream per profile, named by id so that its events are filed under it: the active profile's, and another
   * one's for as long as it lists undetermined rows (a verdict main reaches later must still end them).
   */
  const streams = new Map<string, () => void>()
  let following = false
  function follow(): void {
    const id = shown.value
    if (!streams.has(id)) {
      // Main tells the profile's pending actions on subscribing; ones that ended while unsubscribed are gone.
      pendingBy.value = { ...pendingBy.value, [id]: [] }
      streams.set(
        id,
        liveSubscribe('trading.onOrderEvents', id ? { profileId: id } : {}, (e) => onOrderEvent(id, e))
      )
    }
    // A profile deleted meanwhile: main ended its stream and will tell nothing more of it, so its rows go too.
    const known = profiles.loaded ? new Set(profiles.list.map((p) => p.id)) : null
    for (const [other, off] of streams) {
      const gone = known !== null && other !== '' && other !== id && !known.has(other)
      if (!gone && (other === id || (other !== '' && (undeterminedBy.value[other] ?? []).length > 0))) continue
      off()
      streams.delete(other)
      if (gone) forget(other)
    }
  }
  function forget(profileId: string): void {
    const { [profileId]: _p, ...pendingRest } = pendingBy.value
    const { [profileId]: _u, ...undeterminedRest } = undeterminedBy.value
    pendingBy.value = pendingRest
    undeterminedBy.value = undeterminedRest
    dismissed.delete(profileId)
  }
  function watchOrderEvents(): void {
    if (following) return
    following = true
    follow()
    watch(shown, follow)
    watch(() => profiles.list, follow)
  }

  /** Notices told in this window (main may tell one again to a stream that subscribed meanwhile), the latest. */
  const toldNotices = new Set<string>()
  const TOLD_NOTICES = 1000
  /** Late verdicts told in this window, newest first (a few). */
  const toldLate: OrderVerdict[] = []
  const TOLD_LATE = 100
  return { pending, verdicts, undetermined, dismissUndetermined, watchOrderEvents }
})

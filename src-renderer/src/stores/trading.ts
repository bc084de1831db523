// Order actions of every module: every send goes through the contract (main checks the rules again, gives each order
// its client id and names the outcome); errors come back as ContractError and are kept as text naming the rule or
// the venue's code. An `unknown` answer is no failure: main reconciles it and its verdict, marked late, arrives on
// trading.onOrderEvents (order-events.ts tells it). Also main's spot/margin order history: what changed, and fills.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { TerminalContract } from '@shared/ipc/contract'
import { ContractError, type InputOf } from '@shared/ipc/contract-kit'
import type { OpenOrderView } from '@shared/ipc/views/account'
import type { CancelAckView, OrderAckView } from '@shared/ipc/views/trading'
import type { Module } from '@shared/module'
import { compare } from '@shared/decimal'
import { RefusalError } from '@shared/trading/refusal'
import { MESSAGES } from '@shared/i18n/messages'
import { t, type MessageKey } from '../i18n'
import { wordsOrMessage, wordsText } from '../i18n/words'
import { knownCodeText } from '../i18n/venue-error'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'
import { onProfileSwitch, profileParam, shownProfileId } from './profile-scope'
import { streamOrder } from './stream-order'
import { tellOrderVerdict } from './order-events'
import { setRecent } from './recent-keys'

export type PlaceInput = InputOf<TerminalContract, 'trading.placeOrder'>
export type TestInput = InputOf<TerminalContract, 'trading.testOrder'>
export type BatchInput = InputOf<TerminalContract, 'trading.batchPlace'>
export type ConditionalInput = InputOf<TerminalContract, 'trading.placeConditional'>

// Orders whose executed quantity a window remembers: finished orders seldom change again, and one forgotten and
// heard of again only reloads its fills view once more.
const EXECUTED_KEPT = 5000
const VENUE_CODES = new Set(Object.keys(MESSAGES.en.venueErrors.codes))

/**
 * "message (venue code -2017)" for exchange errors, the rule's own words for rule refusals: in the window's language
 * (main's words, our words for a known venue code), else as main wrote it.
 */
export function errorText(e: unknown): string {
  if (e instanceof ContractError) {
    const code = e.exchange?.code
    const known = code !== undefined && code < 0 && !e.words && VENUE_CODES.has(`e${-code}`)
    const said = known ? knownCodeText(`e${-code}`, e.exchange?.venueMessage) : wordsOrMessage(e)
    return code !== undefined ? t('order.error.venueCode', { message: said, code }) : said
  }
  if (e instanceof RefusalError) return wordsText(e.refusal.words, e.refusal.message)
  return e instanceof Error ? e.message : String(e)
}

/**
 * What a batch of order answers says beyond its successes, each counted as what it is ("unknown" is neither done
 * nor refused: its verdict comes later as a toast), with the first reason of each failure kind.
 */
export function outcomeNotes(
  results: readonly { status: string; error: { message: string; words?: ContractError['words'] } | null }[]
): {
  failed: boolean
  notes: string[]
} {
  const of = (status: string) => results.filter((r) => r.status === status)
  const told = (list: typeof results, bare: MessageKey, why: MessageKey) => {
    if (!list.length) return []
    const error = list[0]!.error
    return [error ? t(why, { n: list.length, reason: wordsOrMessage(error) }) : t(bare, { n: list.length })]
  }
  const unknown = of('unknown').length
  const failures = [
    ...told(of('undetermined'), 'order.error.undetermined', 'order.error.undeterminedWhy'),
    ...told(of('rejected'), 'order.error.refused', 'order.error.refusedWhy')
  ]
  return {
    failed: failures.length > 0,
    notes: [...(unknown ? [t('order.error.unknown', { n: unknown })] : []), ...failures]
  }
}

/**
 * Venue and connection failures also go to the frame's toasts; a broken rule stays at its field only. `profileId`:
 * the account the failure is of (listed in its notification center), the shown one unless told.
 */
export function toastError(e: unknown, title: string, profileId?: string | null): void {
  if (e instanceof RefusalError || (e instanceof ContractError && e.code === 'order-rule')) return
  useFeedbackStore().error(e, title, null, profileId === undefined ? shownProfileId() : profileId)
}

export const useTradingStore = defineStore('trading', () => {
  /** Counts changes of the spot/margin order history (kept by main), so history views reload. */
  const historyVersion = ref(0)
  /** Per `module:symbol`, counts history changes that moved an order's executed quantity (new fills). */
  const fillVersions = ref<Record<string, number>>({})
  /** The executed quantity last heard of each order (`module:orderId`), the latest EXECUTED_KEPT heard of. */
  const executedOf = new Map<string, string>()
  let offHistory: (() => void) | null = null
  /** Changes of another profile, or not newer than the last applied, are dropped (stream-order.ts). */
  const historyOrder = streamOrder()

  /**
   * Main records every spot/margin order (from any window, or seen on the venue) and says when one changes: the
   * window's profile's, named (a switch subscribes again for the new one).
   */
  function watchOrderHistory(): void {
    if (offHistory) return
    const profileId = shownProfileId()
    offHistory = liveSubscribe('trading.onOrderHistory', profileParam(profileId), (e) => {
      if (!historyOrder.accept(e, profileId ?? shownProfileId())) return
      historyVersion.value++
      const filled = new Set<string>()
      for (const o of e.orders) {
        const key = `${o.module}:${o.orderId}`
        if (compare(o.executed, executedOf.get(key) ?? '0') !== 0) filled.add(`${o.module}:${o.symbol}`)
        setRecent(executedOf, key, o.executed, EXECUTED_KEPT)
      }
      if (filled.size > 0)
        fillVersions.value = {
          ...fillVersions.value,
          ...Object.fromEntries([...filled].map((k) => [k, (fillVersions.value[k] ?? 0) + 1]))
        }
    })
  }
  onProfileSwitch(() => {
    if (!offHistory) return
    offHistory()
    offHistory = null
    // What was learned of the old account's orders is not the new one's; views reload on the version.
    executedOf.clear()
    fillVersions.value = {}
    historyVersion.value++
    watchOrderHistory()
  })
  /** Changes with each new fill of an order of this module and symbol (what a fills view reloads on). */
  const fillVersion = (module: string, symbol: string): number => fillVersions.value[`${module}:${symbol}`] ?? 0

  /**
   * An answer 'undetermined' (reached within the command's deadline) is told at once: it is no failure, so no error
   * toast said it. An 'unknown' one's verdict comes later on the stream, marked late by main.
   */
  function tellUndetermined<T extends OrderAckView | CancelAckView>(action: 'place' | 'cancel', acks: T[]): T[] {
    for (const a of acks) if (a.status === 'undetermined') tellOrderVerdict({ ...a, action, status: 'undetermined' })
    return acks
  }

  async function place(i: PlaceInput): Promise<OrderAckView> {
    return tellUndetermined('place', [await terminal().invoke('trading.placeOrder', i)])[0]!
  }

  async function placeBatch(i: BatchInput): Promise<OrderAckView[]> {
    return tellUndetermined('place', (await terminal().invoke('trading.batchPlace', i)).results)
  }

  const testOrder = (i: TestInput) => terminal().invoke('trading.testOrder', i)
  const placeConditional = (i: ConditionalInput) => terminal().invoke('trading.placeConditional', i)

  async function cancel(o: Pick<OpenOrderView, 'module' | 'symbol' | 'orderId'>) {
    const to = profileParam() // the profile this window shows, whatever main's active one is by now
    return tellUndetermined('cancel', [
      await terminal().invoke(
        'trading.cancelOrder',
        o.module === 'futures'
          ? { ...to, module: 'futures', symbol: o.symbol, orderId: o.orderId }
          : { ...to, module: o.module, symbol: o.symbol, orderId: o.orderId }
      )
    ])[0]!
  }

  /** Cancels orders of one module and symbol as batches of 10 (the contract's limit per batch). */
  async function cancelMany(module: Module, symbol: string, orderIds: string[]) {
    const out = []
    for (let n = 0; n < orderIds.length; n += 10) {
      const chunk = orderIds.slice(n, n + 10)
      const to = profileParam()
      const { results } = await terminal().invoke(
        'trading.batchCancel',
        module === 'futures' ? { ...to, module, symbol, orderIds: chunk } : { ...to, module, symbol, orderIds: chunk }
      )
      out.push(...tellUndetermined('cancel', results))
    }
    return out
  }

  async function cancelAll(module: Module, symbol: string) {
    const to = profileParam()
    const { results } = await terminal().invoke(
      'trading.cancelAll',
      module === 'futures' ? { ...to, module, symbol } : { ...to, module, symbol }
    )
    return tellUndetermined('cancel', results)
  }

  return {
    historyVersion,
    watchOrderHistory,
    fillVersion,
    place,
    placeBatch,
    testOrder,
    placeConditional,
    cancel,
    cancelMany,
    cancelAll
  }
})

// Order actions of every module and the instruments they are checked against. Every send goes through the
// contract (main checks the rules again and gives each order its client id); errors come back as ContractError
// and are kept as text naming the rule or the venue's code. An `unknown` outcome is not a failure: main
// reconciles it and the verdict arrives on trading.onOrderEvents.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { TerminalContract } from '@shared/ipc/contract'
import { ContractError, type InputOf } from '@shared/ipc/contract-kit'
import type { OpenOrderView } from '@shared/ipc/views/account'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import type { OrderAckView, OrderEventView } from '@shared/ipc/views/trading'
import { RefusalError } from '../lib/order-rules'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'

export type PlaceInput = InputOf<TerminalContract, 'trading.placeOrder'>
export type TestInput = InputOf<TerminalContract, 'trading.testOrder'>
export type BatchInput = InputOf<TerminalContract, 'trading.batchPlace'>
export type ConditionalInput = InputOf<TerminalContract, 'trading.placeConditional'>
export type TradeModule = 'spot' | 'margin' | 'futures'

/** An order placed in this session, for the spot/margin history (the spec has no spot order history). */
export interface SessionOrder {
  at: number
  module: TradeModule
  symbol: string
  side: 'BUY' | 'SELL'
  type: string
  price: string
  volume: string
  orderId: string | null
  clientOrderId: string
  status: string
}

/** "message (venue code -2017)" for exchange errors, the rule's own words for rule refusals. */
export function errorText(e: unknown): string {
  if (e instanceof ContractError) {
    const code = e.exchange?.code !== undefined ? ` (venue code ${e.exchange.code})` : ''
    return `${e.message}${code}`
  }
  return e instanceof Error ? e.message : String(e)
}

/** Venue and connection failures also go to the frame's toasts; a broken rule stays at its field only. */
export function toastError(e: unknown, title: string): void {
  if (e instanceof RefusalError || (e instanceof ContractError && e.code === 'order-rule')) return
  useFeedbackStore().error(e, title)
}

export const useTradingStore = defineStore('trading', () => {
  const symbols = shallowRef<SpotSymbolView[]>([])
  const contracts = shallowRef<ContractView[]>([])
  const instrumentsError = ref<string | null>(null)
  const sessionOrders = ref<SessionOrder[]>([])
  /** Actions still awaiting a verdict (reconciling), by client order id or order id. */
  const pending = ref<Extract<OrderEventView, { type: 'pending' }>[]>([])
  /** Verdicts reached by reconciliation, newest first (a few). */
  const verdicts = ref<Extract<OrderEventView, { type: 'settled' }>[]>([])
  let loading: Promise<void> | null = null
  let offEvents: (() => void) | null = null

  const symbolOf = (s: string): SpotSymbolView | undefined => symbols.value.find((x) => x.symbol === s)
  const contractOf = (s: string): ContractView | undefined => contracts.value.find((x) => x.symbol === s)
  const spotSymbolNames = computed(() => symbols.value.map((s) => s.symbol))

  /** Loads symbols and contracts once (they rarely change); a failure is kept and retried on the next call. */
  function loadInstruments(): Promise<void> {
    loading ??= Promise.all([terminal().invoke('market.symbols', {}), terminal().invoke('market.contracts', {})]).then(
      ([s, c]) => {
        symbols.value = s
        contracts.value = c
        instrumentsError.value = null
      },
      (e: unknown) => {
        instrumentsError.value = errorText(e)
        loading = null
      }
    )
    return loading
  }

  function watchOrderEvents(): void {
    if (offEvents) return
    offEvents = liveSubscribe('trading.onOrderEvents', {}, (e) => {
      const key = (x: { clientOrderId: string | null; orderId: string | null }) => x.clientOrderId ?? x.orderId
      pending.value = pending.value.filter((p) => key(p) !== key(e))
      if (e.type === 'pending') pending.value.push(e)
      else {
        verdicts.value = [e, ...verdicts.value].slice(0, 20)
        const s = sessionOrders.value.find((o) => o.clientOrderId === e.clientOrderId)
        if (s) Object.assign(s, { status: e.status, orderId: e.orderId ?? s.orderId })
      }
    })
  }

  function remember(i: { module: TradeModule; symbol: string; side: 'BUY' | 'SELL'; type: string; price?: string | undefined; volume: string }, ack: OrderAckView): void {
    sessionOrders.value = [
      { at: Date.now(), module: i.module, symbol: i.symbol, side: i.side, type: i.type, price: i.price ?? '', volume: i.volume, orderId: ack.orderId, clientOrderId: ack.clientOrderId, status: ack.status },
      ...sessionOrders.value
    ].slice(0, 500)
  }

  async function place(i: PlaceInput): Promise<OrderAckView> {
    const ack = await terminal().invoke('trading.placeOrder', i)
    remember(i, ack)
    return ack
  }

  async function placeBatch(i: BatchInput): Promise<OrderAckView[]> {
    const { results } = await terminal().invoke('trading.batchPlace', i)
    results.forEach((ack, n) => {
      const o = i.orders[n]
      if (o) remember({ ...o, module: i.module, symbol: i.symbol }, ack)
    })
    return results
  }

  const testOrder = (i: TestInput) => terminal().invoke('trading.testOrder', i)
  const placeConditional = (i: ConditionalInput) => terminal().invoke('trading.placeConditional', i)

  async function cancel(o: Pick<OpenOrderView, 'module' | 'symbol' | 'orderId'>) {
    const ack = await terminal().invoke('trading.cancelOrder', o.module === 'futures' ? { module: 'futures', symbol: o.symbol, orderId: o.orderId } : { module: o.module, symbol: o.symbol, orderId: o.orderId })
    markCanceled([ack.orderId])
    return ack
  }

  /** Cancels orders of one module and symbol as batches of 10 (the contract's limit per batch). */
  async function cancelMany(module: TradeModule, symbol: string, orderIds: string[]) {
    const out = []
    for (let n = 0; n < orderIds.length; n += 10) {
      const chunk = orderIds.slice(n, n + 10)
      const { results } = await terminal().invoke('trading.batchCancel', module === 'futures' ? { module, symbol, orderIds: chunk } : { module, symbol, orderIds: chunk })
      out.push(...results)
    }
    markCanceled(out.filter((r) => r.status === 'canceled').map((r) => r.orderId))
    return out
  }

  async function cancelAll(module: TradeModule, symbol: string) {
    const { results } = await terminal().invoke('trading.cancelAll', module === 'futures' ? { module, symbol } : { module, symbol })
    markCanceled(results.filter((r) => r.status === 'canceled').map((r) => r.orderId))
    return results
  }

  function markCanceled(ids: (string | null)[]): void {
    for (const s of sessionOrders.value) if (s.orderId && ids.includes(s.orderId)) s.status = 'canceled'
  }

  return {
    symbols,
    contracts,
    instrumentsError,
    sessionOrders,
    pending,
    verdicts,
    spotSymbolNames,
    symbolOf,
    contractOf,
    loadInstruments,
    watchOrderEvents,
    place,
    placeBatch,
    testOrder,
    placeConditional,
    cancel,
    cancelMany,
    cancelAll
  }
})

// What the candle chart draws of the trader's own state (charts/own-state-layer.ts) for one market of the window's
// profile: open orders (account poll), trigger orders and own fills (read on demand and again when they may have
// changed), the futures positions, the active price alerts and the live algorithms' levels (charts/algo-lines.ts).
// Not a store of its own: a chart calls it in its setup,
// whose scope ends its watches. A profile switch empties it synchronously (the stores it reads empty themselves
// then too), so no line of one account is ever drawn under another.
import { computed, ref, watch, type ComputedRef } from 'vue'
import { compare } from '@shared/decimal'
import { gatewayOf, type Module } from '@shared/module'
import type { Gateway } from '@shared/api/types'
import type { TriggerOrderView, UserTradeView } from '@shared/ipc/views/account'
import { NO_OWN_STATE, type OwnAlert, type OwnState, type TriggerKind } from '../charts/own-state-layer'
import { algoLevels } from '../charts/algo-lines'
import { useAccountStore } from './account'
import { useAlertsStore } from './alerts'
import { useAlgosStore } from './algos'
import { useOrderEventsStore } from './order-events'
import { onProfileSwitch } from './profile-scope'
import { ProfileSwitchedError, useRecordsStore } from './records'
import { useSelectionStore } from './selection'
import { useTradingStore } from './trading'

export interface ChartMarket {
  gateway: Gateway
  symbol: string
}

/** How many of the latest own fills are marked. */
const FILLS = 100

const triggerKind = (t: number): TriggerKind =>
  t === 3 || t === 1 ? 'stop-loss' : t === 4 || t === 2 ? 'take-profit' : 'trigger'

/** One read at a time per kind; a change meanwhile reads once more after it. */
function singleFlight(run: () => Promise<void>): () => void {
  let busy = false
  let again = false
  const go = (): void => {
    if (busy) {
      again = true
      return
    }
    busy = true
    again = false
    void run().finally(() => {
      busy = false
      if (again) go()
    })
  }
  return go
}

export function useChartOwnState(market: () => ChartMarket, on: () => boolean): ComputedRef<OwnState> {
  const account = useAccountStore()
  const alerts = useAlertsStore()
  const records = useRecordsStore()
  const trading = useTradingStore()
  const selection = useSelectionStore()
  const ops = useOrderEventsStore()
  // The shown profile's algorithms (the store empties them at a switch and follows the new profile).
  const algos = useAlgosStore()
  algos.start()
  const triggers = ref<TriggerOrderView[]>([])
  const fills = ref<UserTradeView[]>([])
  /** Bumped on a switch of profile or market: a read begun before it is not kept. */
  let epoch = 0

  /** The module the chart trades in: the selection's when it shows this market, else spot or futures. */
  const module = computed<Module>(() => {
    const m = market()
    return gatewayOf(selection.module) === m.gateway && selection.symbol === m.symbol
      ? selection.module
      : m.gateway === 'futures'
        ? 'futures'
        : 'spot'
  })

  const readTriggers = singleFlight(async () => {
    const m = market()
    const mine = epoch
    if (m.gateway !== 'futures' || !on()) return
    try {
      const r = await records.read('account.triggerOrders', { symbol: m.symbol, page: 1, limit: 1000 })
      if (mine === epoch) triggers.value = r.orders
    } catch (e) {
      if (!(e instanceof ProfileSwitchedError)) return // the lines keep what was last read; the tables tell errors
    }
  })
  const readFills = singleFlight(async () => {
    const m = market()
    const mine = epoch
    if (!on()) return
    try {
      const r = await records.read('account.trades', { module: module.value, symbol: m.symbol, limit: FILLS } as never)
      if (mine === epoch) fills.value = r as UserTradeView[]
    } catch {
      // As above: a failed read leaves the markers as they were.
    }
  })

  const orders = computed(() => {
    const m = market()
    return account.openOrders.filter((o) => gatewayOf(o.module) === m.gateway && o.symbol === m.symbol)
  })
  const positions = computed(() =>
    market().gateway !== 'futures'
      ? []
      : (account.positions ?? []).filter(
          (p) => p.contractName === market().symbol && p.status === 1 && compare(p.volume, '0') > 0
        )
  )

  function clear(): void {
    epoch++
    triggers.value = []
    fills.value = []
  }
  // The new account's triggers and fills are read at once (its orders and positions may never change to ask for it).
  onProfileSwitch(() => {
    clear()
    readTriggers()
    readFills()
  })

  // Read again when they may have changed: the market or the toggle, the open orders (placed, filled, cancelled,
  // a trigger fired), a position's size, a new fill, a futures operation settled (trigger placed or cancelled).
  watch(
    () => [market().gateway, market().symbol, module.value, on()],
    () => {
      clear()
      const m = market()
      if (on() && m.gateway !== 'futures') account.watchSymbol(module.value as 'spot' | 'margin', m.symbol)
      readTriggers()
      readFills()
    },
    { immediate: true }
  )
  watch(
    () => orders.value.map((o) => `${o.orderId}:${o.executed}`).join() + '|' + positions.value.map((p) => p.volume),
    () => {
      readTriggers()
      readFills()
    }
  )
  watch(() => trading.fillVersion(module.value, market().symbol), readFills)
  watch(
    () => ops.pending.flatMap((e) => (e.action === 'operation' ? [e.opId] : [])),
    (now, before) => void (before?.some((id) => !now.includes(id)) && readTriggers())
  )

  return computed<OwnState>(() => {
    if (!on()) return NO_OWN_STATE
    const m = market()
    const alertLines: OwnAlert[] = []
    for (const a of alerts.list) {
      if (gatewayOf(a.module) !== m.gateway || a.symbol !== m.symbol) continue
      if (a.state === 'fired') continue
      const paused = a.state === 'paused'
      if (a.rule.kind === 'cross') alertLines.push({ id: a.id, part: 'level', price: a.rule.level, paused })
      else if (a.rule.kind === 'channel') {
        alertLines.push({ id: a.id, part: 'low', price: a.rule.low, paused })
        alertLines.push({ id: a.id, part: 'high', price: a.rule.high, paused })
      }
    }
    return {
      orders: orders.value.map((o) => ({
        id: o.orderId,
        side: o.side,
        price: o.price,
        volume: o.volume,
        executed: o.executed
      })),
      triggers: triggers.value
        .filter((g) => g.status === 1 && g.contractName === m.symbol)
        .map((g) => ({
          id: g.triggerOrderId,
          side: g.side,
          kind: triggerKind(g.triggerType),
          triggerPrice: g.triggerPrice,
          volume: g.volume
        })),
      positions: positions.value.map((p) => ({
        id: p.id,
        side: p.side,
        volume: p.volume,
        entry: p.avgPrice,
        liquidation: p.reducePrice && compare(p.reducePrice, '0') > 0 ? p.reducePrice : null
      })),
      fills: fills.value
        .filter((f) => f.symbol === m.symbol)
        .map((f) => ({ id: f.id, side: f.side, price: f.price, qty: f.qty, time: f.time })),
      alerts: alertLines,
      algos: algoLevels(algos.list, m)
    }
  })
}

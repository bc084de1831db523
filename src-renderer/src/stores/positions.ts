// Futures positions with their PnL on the live mark price, and the position actions: leverage, position and
// margin modes, close at market or limit, TP/SL. Positions come from the account poll (account store); the mark
// comes from market.onMarkPrice so PnL moves between polls. PnL is recomputed exactly from the entry price:
// linear (mark - entry) x volume x multiplier, inverse (1/entry - 1/mark) x volume x multiplier; a SELL is the
// negative. Every read and action names the window's profile; a switch drops the marks and what was learned of
// the contracts (margin modes, names), which are the old venue's.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { add, compare, div, formatFixed, mul, sub } from '@shared/decimal'
import type { PositionView } from '@shared/ipc/views/account'
import type { ContractView } from '@shared/ipc/views/market'
import { checkTrigger, readLeverage } from '@shared/trading/futures-rules'
import { checkFuturesOrder } from '@shared/trading/order-rules'
import { RefusalError, type Refusal } from '@shared/trading/refusal'
import { closeVolume } from '@shared/trading/close-size'
import type { TriggerOrderView } from '@shared/ipc/views/account'
import { t } from '../i18n'
import { num } from '../lib/format'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { useAccountStore } from './account'
import { useInstrumentsStore } from './instruments'
import { usePreferencesStore } from './preferences'
import { onProfileSwitch, profileParam, shownProfileId } from './profile-scope'
import { useTradingStore } from './trading'

export interface PositionRow extends PositionView {
  mark: string
  /** Unrealized PnL on `mark`, in the margin coin. */
  pnl: string
  /** PnL over the margin held, in percent (2 decimals). */
  roe: string | null
}

export interface TpSlLeg {
  triggerPrice: string
  /** Empty: a market order when triggered. */
  price?: string
  /** Contracts the leg closes; the whole position when absent. */
  volume?: string
}

/** Unrealized PnL of a position at `mark`, at 8 decimals for inverse contracts. */
export function positionPnl(c: ContractView | undefined, p: PositionView, mark: string): string {
  if (!c || compare(p.avgPrice, '0') === 0 || compare(mark, '0') === 0) return p.unRealizedAmount
  const size = mul(p.volume, c.multiplier)
  const long =
    c.side === 1
      ? mul(sub(mark, p.avgPrice), size)
      : sub(div(size, p.avgPrice, 8, 'half-even'), div(size, mark, 8, 'half-even'))
  return p.side === 'BUY' ? long : mul(long, '-1')
}

export const usePositionsStore = defineStore('positions', () => {
  const account = useAccountStore()
  const trading = useTradingStore()
  const instruments = useInstrumentsStore()
  const marks = ref<Record<string, string>>({})
  const subs = new Map<string, () => void>()

  /** Follows the mark price of a contract (idempotent); positions' contracts are followed automatically. */
  function followMark(symbol: string): void {
    if (subs.has(symbol) || !/^[A-Z0-9]+(-[A-Z0-9]+)*$/.test(symbol)) return
    subs.set(
      symbol,
      liveSubscribe(
        'market.onMarkPrice',
        { ...profileParam(), symbol },
        (f) => (marks.value = { ...marks.value, [symbol]: f.markPrice })
      )
    )
  }

  const open = computed(() => (account.positions ?? []).filter((p) => p.status === 1 && compare(p.volume, '0') > 0))

  /** Contract names by id, kept after a position closes: PnL records name their contract by id only. */
  const contractNames = ref<Record<number, string>>({})
  watch(
    () => account.positions,
    (ps) => {
      const fresh = (ps ?? []).filter((p) => contractNames.value[p.contractId] !== p.contractName)
      if (fresh.length)
        contractNames.value = {
          ...contractNames.value,
          ...Object.fromEntries(fresh.map((p) => [p.contractId, p.contractName]))
        }
    },
    { immediate: true }
  )
  watch(open, (ps) => ps.forEach((p) => followMark(p.contractName)), { immediate: true })

  const rows = computed<PositionRow[]>(() =>
    open.value.map((p) => {
      const mark = marks.value[p.contractName] ?? p.indexPrice
      const pnl = positionPnl(instruments.contractOf(p.contractName), p, mark)
      const roe = compare(p.holdAmount, '0') > 0 ? div(mul(pnl, '100'), p.holdAmount, 2, 'half-even') : null
      return { ...p, mark, pnl, roe }
    })
  )

  const positionOf = (symbol: string, side: 'BUY' | 'SELL'): PositionView | undefined =>
    open.value.find((p) => p.contractName === symbol && p.side === side)

  /**
   * The leverage in force per profile and contract, as far as this window knows: the spec has no read of it, so it
   * is learned from the account's positions and from the changes made here (kept per profile: a switch and back
   * keeps it). Unknown until then: the form's figures then rest on an assumed leverage, and the confirmation says so.
   */
  const leverages = ref<Record<string, Record<string, string>>>({})
  const learnLeverage = (profileId: string | null, symbol: string, leverage: string): void => {
    if (profileId === null || leverages.value[profileId]?.[symbol] === leverage) return
    leverages.value = { ...leverages.value, [profileId]: { ...leverages.value[profileId], [symbol]: leverage } }
  }
  const knownLeverage = (symbol: string): string | undefined => leverages.value[shownProfileId() ?? '']?.[symbol]

  /** `typed`: the field's text, read as a number field's is ("２０" is 20), never rewritten. */
  const setLeverage = async (symbol: string, typed: string, positionType: 1 | 2) => {
    const r = readLeverage(typed)
    if (!r.ok) throw new RefusalError(r.refusal)
    const leverage = r.value
    const to = profileParam()
    const answer = await terminal().invoke('trading.setLeverage', {
      ...to,
      symbol,
      leverage: Number(leverage),
      positionType
    })
    learnLeverage(to.profileId ?? null, symbol, formatFixed(leverage))
    return answer
  }
  const setPositionMode = (symbol: string, mode: 'one-way' | 'hedge') =>
    terminal().invoke('trading.setPositionMode', { ...profileParam(), symbol, mode })
  /**
   * Margin mode per contract (1 cross, 2 isolated): the venue refuses an order whose positionType differs from
   * the contract's mode, and the spec has no read of it, so it is learned from positions and from our own changes,
   * and kept by main in the profile's preferences (a reload or a switch and back still knows it).
   */
  const prefs = usePreferencesStore()
  const marginModes = computed<Record<string, 1 | 2>>(() => {
    const out: Record<string, 1 | 2> = {}
    for (const [symbol, mode] of Object.entries(prefs.profile.marginModes)) out[symbol] = mode === 'cross' ? 1 : 2
    return out
  })
  /**
   * Keeps `mode` for the shown profile's `symbol`, never into another profile's values; one a position shows only
   * once main told this profile's (the patch replaces the whole map), the trader's own change at once.
   */
  function keepMarginMode(symbol: string, mode: 1 | 2, ownChange = false): void {
    const word = mode === 1 ? 'cross' : 'isolated'
    const kept = prefs.profile.marginModes
    const mine = prefs.profileId === null || prefs.profileId === shownProfileId()
    if (!mine || (!ownChange && !prefs.profileReady) || kept[symbol] === word) return
    prefs.setProfile({ marginModes: { ...kept, [symbol]: word } })
  }
  async function setMarginMode(symbol: string, mode: 'cross' | 'isolated') {
    const r = await terminal().invoke('trading.setMarginMode', { ...profileParam(), symbol, mode })
    keepMarginMode(symbol, mode === 'cross' ? 1 : 2, true)
    return r
  }
  watch([open, () => prefs.profileReady], ([ps]) => {
    for (const p of ps) {
      if (p.positionType === 1 || p.positionType === 2) keepMarginMode(p.contractName, p.positionType)
      if (p.leverageLevel) learnLeverage(shownProfileId(), p.contractName, formatFixed(p.leverageLevel))
    }
  })

  /** The contract's resting CLOSE orders of the position (the venue holds their contracts), as the poll shows them. */
  const closeOrdersOf = (p: PositionView) =>
    account.openOrders.filter(
      (o) =>
        o.module === 'futures' &&
        o.symbol === p.contractName &&
        o.open === 'CLOSE' &&
        o.side !== p.side &&
        compare(o.volume, o.executed) > 0
    )
  /** Contracts of the position its resting close orders hold (unfilled part). */
  const pendingClose = (p: PositionView): string =>
    closeOrdersOf(p).reduce((n, o) => add(n, sub(o.volume, o.executed)), '0')

  /**
   * The closing order of `volume` contracts (MARKET, or LIMIT at `price`), checked by rule; throws the refusal.
   * `heldCancelled`: its close orders were just cancelled (close all), though the poll may still show them.
   */
  function closeOrder(p: PositionView, price?: string, volume: string = p.volume, o: { heldCancelled?: boolean } = {}) {
    const c = instruments.contractOf(p.contractName)
    // The venue refuses a close beyond what its close orders leave (and calls it "insufficient balance"): said here
    // in words, with what can be closed, before any confirmation.
    const pending = o.heldCancelled ? '0' : pendingClose(p)
    const free = sub(p.volume, pending)
    if (compare(pending, '0') > 0 && compare(volume, free) > 0)
      throw new RefusalError({
        rule: 'closeOrders',
        field: 'volume',
        message: t('orders.positions.inCloseOrders', { pending: num(pending), total: num(p.volume), free: num(free) }),
        ...(compare(free, '0') > 0 ? { fixes: [free] } : {})
      })
    const order = {
      side: p.side === 'BUY' ? ('SELL' as const) : ('BUY' as const),
      type: price ? ('LIMIT' as const) : ('MARKET' as const),
      volume,
      open: 'CLOSE' as const,
      ...(price ? { price } : {})
    }
    const over = c ? closeVolume(c, p.volume, { kind: 'quantity', volume }) : null
    if (over && !over.ok) throw new RefusalError(over.refusal)
    const r = c ? checkFuturesOrder(c, order) : null
    if (r) throw new RefusalError(r)
    return order
  }

  /**
   * Closes `volume` contracts of the position (all of it when absent): MARKET, or LIMIT at `price`, on the opposite
   * side.
   */
  async function close(
    p: PositionView,
    price?: string,
    volume: string = p.volume,
    o: { heldCancelled?: boolean } = {}
  ) {
    const order = closeOrder(p, price, volume, o)
    return trading.place({
      ...profileParam(),
      module: 'futures',
      symbol: p.contractName,
      positionType: p.positionType === 2 ? 2 : 1,
      ...order
    })
  }

  /** The TP/SL legs as their orders, and every rule they break: one refusal per field (a trigger, a size, a price). */
  function tpslCheck(p: PositionView, legs: { stopLoss?: TpSlLeg | undefined; takeProfit?: TpSlLeg | undefined }) {
    const c = instruments.contractOf(p.contractName)
    const side = p.side === 'BUY' ? ('SELL' as const) : ('BUY' as const)
    const mark = marks.value[p.contractName] ?? p.indexPrice
    const refusals: Refusal[] = []
    const leg = (l: TpSlLeg | undefined, kind: 'stop-loss' | 'take-profit', field: string) => {
      if (!l) return undefined
      const order = {
        triggerPrice: l.triggerPrice,
        volume: l.volume ?? p.volume,
        ...(l.price ? { type: 'LIMIT' as const, price: l.price } : {})
      }
      if (!c) return order
      const over = l.volume ? closeVolume(c, p.volume, { kind: 'quantity', volume: l.volume }, `${field}.volume`) : null
      // The check main runs (checkTpSlLeg: the trigger against the mark, then the closing order the leg sends), each
      // part on its own so a broken trigger does not hide a broken size or price.
      const trigger = checkTrigger(c, side, kind, order.triggerPrice, mark, `${field}.triggerPrice`)
      const closing = { side, type: order.type ?? ('MARKET' as const), open: 'CLOSE' as const, volume: order.volume }
      const sent = checkFuturesOrder(c, { ...closing, ...(l.price ? { price: l.price } : {}) }, { prefix: `${field}.` })
      for (const r of [over && !over.ok ? over.refusal : null, trigger, sent])
        if (r && !refusals.some((x) => x.field === r.field)) refusals.push(r)
      return order
    }
    const stopLoss = leg(legs.stopLoss, 'stop-loss', 'stopLoss')
    const takeProfit = leg(legs.takeProfit, 'take-profit', 'takeProfit')
    if (!stopLoss && !takeProfit)
      refusals.push({
        rule: 'tpsl',
        field: 'stopLoss',
        message: t('orders.positions.noTpSl')
      })
    const request = {
      ...profileParam(),
      symbol: p.contractName,
      positionId: p.id,
      side,
      positionType: p.positionType === 2 ? (2 as const) : (1 as const),
      ...(stopLoss ? { stopLoss } : {}),
      ...(takeProfit ? { takeProfit } : {})
    }
    return { request, refusals }
  }
  /** The TP/SL request, or a RefusalError naming the first rule broken (tpslCheck names them all). */
  function tpslRequest(p: PositionView, legs: { stopLoss?: TpSlLeg | undefined; takeProfit?: TpSlLeg | undefined }) {
    const { request, refusals } = tpslCheck(p, legs)
    if (refusals[0]) throw new RefusalError(refusals[0])
    return request
  }

  /**
   * Stop-loss and/or take-profit, each for the whole position or `volume` of it; each leg checked against the mark
   * first.
   */
  async function attachTpSl(
    p: PositionView,
    legs: { stopLoss?: TpSlLeg | undefined; takeProfit?: TpSlLeg | undefined }
  ) {
    return terminal().invoke('trading.placeTpSl', tpslRequest(p, legs))
  }

  const cancelTrigger = (o: Pick<TriggerOrderView, 'contractName' | 'triggerOrderId'>) =>
    terminal().invoke('trading.cancelTrigger', { ...profileParam(), symbol: o.contractName, orderId: o.triggerOrderId })

  function stop(): void {
    for (const off of subs.values()) off()
    subs.clear()
  }

  // The old venue's marks and contract facts go; the new profile's positions are followed as they come (the order
  // form follows its own contract again).
  onProfileSwitch(() => {
    stop()
    marks.value = {}
    contractNames.value = {}
  })

  return {
    marks,
    rows,
    open,
    contractNames,
    marginModes,
    knownLeverage,
    positionOf,
    tpslCheck,
    followMark,
    setLeverage,
    setPositionMode,
    setMarginMode,
    closeOrder,
    closeOrdersOf,
    pendingClose,
    close,
    tpslRequest,
    attachTpSl,
    cancelTrigger,
    stop
  }
})

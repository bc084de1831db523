// The order form's guards, from the market as it is on screen. A limit price far from the last (spot) or mark
// (futures) price needs its own confirmation naming the distance; a market order shows what the book would give
// it (average price, slippage, the share that fills) and, with slippage protection on, is sent as a limit at the
// worst acceptable price instead (spot: a LIMIT, whose unfilled rest stays on the book; futures: an IOC limit).
// The draft carries the guards that fired, so the confirmation names each one and the order it shows is the one sent.
// The Algo tab holds its prices to the same price guard (priceGuard, stores/algo-guards.ts).
import { computed, onScopeDispose, ref, shallowRef, watch, type ComputedRef, type Ref } from 'vue'
import { compare, div, isDecimalText, mul } from '@shared/decimal'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import { deviationPct, estimateFill, protectedLimit, type FillEstimate } from '@shared/trading/market-estimate'
import { spotMarketName } from '@shared/trading/market-name'
import { contractLabel } from '../i18n/market-words'
import {
  checkFuturesOrder,
  checkSpotOrder,
  contractValue,
  contractsAt,
  volumeDecimals
} from '@shared/trading/order-rules'
import { gatewayOf, type Module } from '@shared/module'
import { orderWords, refusal as refused, type Refusal } from '@shared/trading/refusal'
import { t } from '../i18n'
import { num } from '../lib/format'
import { useMarketPanelsStore, type MarketFeed } from './market-panels'
import { usePreferencesStore } from './preferences'
import { useProfilesStore } from './profiles'

export interface Guard {
  kind: 'deviation' | 'protection' | 'depth'
  /** In the window's language when the guard fired. */
  message: string
  /** The user must tick it in the confirmation before Confirm is enabled. */
  ack: boolean
}

/** The order as the form would send it, before the guards (src-shared/trading's RuleOrder plus futures fields). */
export interface GuardedOrder {
  side: 'BUY' | 'SELL'
  type: 'LIMIT' | 'MARKET'
  volume: string
  price?: string
  open?: 'OPEN' | 'CLOSE'
  timeInForce?: 'IOC' | 'FOK' | 'POST_ONLY'
}

export interface GuardInputs {
  module: ComputedRef<Module>
  symbol: ComputedRef<string>
  spot: ComputedRef<SpotSymbolView | undefined>
  contract: ComputedRef<ContractView | undefined>
  side: Ref<'BUY' | 'SELL'>
  type: Ref<'LIMIT' | 'MARKET'>
  open: Ref<'OPEN' | 'CLOSE'>
  /** Trigger orders are the venue's: no book guard applies to them. */
  conditional: ComputedRef<boolean>
  priceValue: ComputedRef<string>
  volumeValue: ComputedRef<string>
  mark: ComputedRef<string | undefined>
  timeInForce: Ref<string>
}

const positive = (v: string | undefined): v is string =>
  !!v && isDecimalText(v, { allowNegative: false }) && compare(v, '0') > 0

export function useOrderGuards(f: GuardInputs) {
  const prefs = usePreferencesStore()
  const markets = useMarketPanelsStore()
  const profiles = useProfilesStore()

  // The form's own hold on the market's live data (shared with a market panel on the same market), only while an
  // order panel shows the form: the store outlives panels, and other users of it need no book.
  const feed = shallowRef<MarketFeed | null>(null)
  const shown = ref(0)
  watch(
    [() => gatewayOf(f.module.value), f.symbol, () => profiles.activeId, () => shown.value > 0] as const,
    ([m, s, , on]) => {
      if (feed.value) markets.release(feed.value)
      feed.value = on && s ? markets.acquire(m, s) : null
    },
    { immediate: true }
  )
  onScopeDispose(() => feed.value && markets.release(feed.value))
  /** An order panel mounted (true) or gone (false). */
  const showing = (on: boolean): void => void (shown.value += on ? 1 : -1)

  const futures = computed(() => f.module.value === 'futures')
  const marketName = computed(() =>
    f.contract.value
      ? contractLabel(f.contract.value.symbol)
      : f.spot.value
        ? spotMarketName(f.spot.value)
        : f.symbol.value
  )
  const quoteUnit = computed(() => f.spot.value?.quoteAsset ?? (f.contract.value?.side === 0 ? 'USD' : 'USDT'))
  /** The price a limit is measured against: the mark for futures, the last trade for spot and margin. */
  const reference = computed<{ price: string; name: string } | null>(() => {
    if (futures.value) return f.mark.value ? { price: f.mark.value, name: t('order.guard.markPrice') } : null
    const last = feed.value?.ticker.value?.close
    return positive(last) ? { price: last, name: t('order.guard.lastPrice') } : null
  })
  /** The price a limit would be measured against, named before there is one. */
  const referenceName = (): string => t(futures.value ? 'order.guard.markPrice' : 'order.guard.lastPrice')
  const dir = (above: boolean): string => t(above ? 'order.guard.above' : 'order.guard.below')

  /** A limit price beyond the guard's percent from the reference: its own confirmation, naming the distance. */
  const deviation = computed<Guard | null>(() => {
    const p = f.priceValue.value
    if (f.type.value !== 'LIMIT' || !positive(p)) return null
    return guardOf(
      p,
      (said, above) =>
        t(above === (f.side.value === 'BUY') ? 'order.guard.deviationCrosses' : 'order.guard.deviation', said),
      // Nothing to measure against yet (no trade or mark seen): the guard cannot pass the price, so the trader does.
      () =>
        t('order.guard.noReference', {
          ref: referenceName(),
          price: num(p),
          unit: quoteUnit.value,
          pct: prefs.priceGuardPct
        })
    )
  })

  /**
   * The price guard of any price `p`: null within it; else a guard to tick, its words made by `far` (how far, from
   * what; `above`: whether it is above it) or, with no price seen yet to measure against, by `unseen`.
   */
  function guardOf(
    p: string,
    far: (said: Record<string, string>, above: boolean) => string,
    unseen: () => string
  ): Guard | null {
    const ref = reference.value
    if (!ref) return { kind: 'deviation', message: unseen(), ack: true }
    const pct = deviationPct(p, ref.price)
    if (compare(pct, prefs.priceGuardPct) <= 0) return null
    const above = compare(p, ref.price) > 0
    const said = {
      price: num(p),
      unit: quoteUnit.value,
      pct: num(pct),
      dir: dir(above),
      ref: ref.name,
      refPrice: num(ref.price),
      guard: prefs.priceGuardPct
    }
    return { kind: 'deviation', message: far(said, above), ack: true }
  }

  /** The price guard for any limit price (a batch item): null when within it. */
  const deviationOf = (side: 'BUY' | 'SELL', p: string): Guard | null =>
    guardOf(
      p,
      (said) => t('order.guard.deviationItem', { ...said, side: t(`order.sides.${side}`) }),
      () => t('order.guard.noReferenceItem', { ref: referenceName(), price: num(p), unit: quoteUnit.value })
    )

  /** The price guard for a price named by its field (`what`: an algorithm's trigger, limit, take profit …). */
  const priceGuard = (what: string, p: string): Guard | null =>
    guardOf(
      p,
      (said) => t('order.guard.deviationField', { ...said, what }),
      () => t('order.guard.noReferenceField', { ref: referenceName(), what, price: num(p), unit: quoteUnit.value })
    )

  /** How a market order is sized: in what it is worth (spot buy, futures open) or in base units / contracts. */
  const sizedBy = computed<'value' | 'size'>(() =>
    futures.value ? (f.open.value === 'OPEN' ? 'value' : 'size') : f.side.value === 'BUY' ? 'value' : 'size'
  )
  const valueOf = (price: string, size: string): string =>
    f.contract.value ? contractValue(f.contract.value, size, price) : mul(price, size)
  const sizeDecimals = computed(() =>
    f.contract.value ? volumeDecimals(f.contract.value) : (f.spot.value?.quantityPrecision ?? 8)
  )
  const levels = computed(() => {
    const b = feed.value?.book.value
    return b ? (f.side.value === 'BUY' ? b.asks : b.bids) : null
  })

  /** What the book on screen would give a market order of this size; null for limits or without a book. */
  const estimate = computed<FillEstimate | null>(() => {
    if (f.type.value !== 'MARKET' || f.conditional.value || !levels.value || !positive(f.volumeValue.value)) return null
    return estimateFill(levels.value, f.volumeValue.value, sizedBy.value, valueOf, sizeDecimals.value)
  })

  const protecting = computed(() => f.type.value === 'MARKET' && !f.conditional.value && prefs.slippageGuard.on)

  /** The protected form of a market order, or why it cannot be made (no book, or the limit breaks a rule). */
  const protectedOrder = computed<{ order: GuardedOrder; guard: Guard } | { refusal: Refusal } | null>(() => {
    if (!protecting.value || !positive(f.volumeValue.value)) return null
    const max = prefs.slippageGuard.maxPct
    const best = levels.value?.[0]?.[0]
    if (!best)
      return { refusal: refused('protection', 'type', orderWords('order.guard.noBook', { market: marketName.value })) }
    const decimals = f.spot.value?.pricePrecision ?? f.contract.value?.pricePrecision ?? 8
    const limit = protectedLimit(f.side.value, best, max, decimals)
    const v = f.volumeValue.value
    const c = f.contract.value
    const volume =
      sizedBy.value === 'size' ? v : c ? contractsAt(c, v, limit, 'down') : div(v, limit, sizeDecimals.value, 'down')
    // Futures: IOC, unless the trader asked all-or-nothing (FOK is kept, never loosened).
    const tif = f.timeInForce.value === 'FOK' ? ('FOK' as const) : ('IOC' as const)
    const order: GuardedOrder = {
      side: f.side.value,
      type: 'LIMIT',
      volume,
      price: limit,
      ...(c ? { open: f.open.value, timeInForce: tif } : {})
    }
    const broken = c
      ? checkFuturesOrder(c, { ...order, open: f.open.value })
      : f.spot.value
        ? checkSpotOrder(f.spot.value, order)
        : null
    if (broken) {
      // The rule the limit breaks is linked into the message (`@:{reason}`), its values beside the message's own (a
      // refusal without words is linked by its English, which is then told as it is).
      const words = orderWords('order.guard.protectedBroken', {
        ...broken.words?.params,
        limit: num(limit),
        reason: broken.words?.key ?? broken.message
      })
      return { refusal: refused('protection', 'volume', words) }
    }
    const unit = c ? t('order.unit.contracts') : (f.spot.value?.baseAsset ?? '')
    const rest = !c
      ? t('order.guard.restSpot')
      : f.timeInForce.value === 'FOK'
        ? t('order.guard.restFok')
        : t('order.guard.restIoc')
    const message = t('order.guard.protected', {
      side: t(`order.sides.${f.side.value}`),
      volume: num(volume),
      unit,
      limit: num(limit),
      tif: c ? ` ${tif}` : '',
      max,
      best: t(f.side.value === 'BUY' ? 'order.guard.bestAsk' : 'order.guard.bestBid'),
      bestPrice: num(best),
      rest
    })
    return { order, guard: { kind: 'protection', message, ack: false } }
  })

  /** A market order the shown book fills only in part: said before sending, not only after. */
  const depth = computed<Guard | null>(() => {
    const e = estimate.value
    if (!e || compare(e.sharePct, '100') >= 0) return null
    return { kind: 'depth', message: t('order.guard.depth', { pct: e.sharePct }), ack: false }
  })

  /** What blocks Submit among the guards: a market order that cannot be protected. */
  const refusal = computed<Refusal | null>(() => {
    const p = protectedOrder.value
    return p && 'refusal' in p ? p.refusal : null
  })

  /** The guards that fire now and the order to send in place of the typed one (null: send as typed). */
  function apply(): { guards: Guard[]; replace: GuardedOrder | null } {
    const p = protectedOrder.value
    const guards = [deviation.value, depth.value, p && 'guard' in p ? p.guard : null].filter(
      (g): g is Guard => g !== null
    )
    return { guards, replace: p && 'order' in p ? p.order : null }
  }

  return {
    feed,
    showing,
    reference,
    deviation,
    deviationOf,
    priceGuard,
    estimate,
    protecting,
    refusal,
    apply,
    marketName
  }
}

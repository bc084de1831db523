// The order entry form of the selected market: its fields, the size slider, the rule check that runs before
// anything is sent (and the bar on a symbol whose last order the exchange would not tell the fate of), the
// confirmation step and the batch builder. The send and its answer in words are order-send.ts. Sizes and
// prices stay decimal text; Number() appears only for the slider's visual position.
// Every order names the window's profile, and its confirmation says which account it goes to; a profile switch
// empties the form (and closes a confirmation) before the new profile shows. On stale or lost prices an order
// needs a second, explicit confirmation naming the staleness, and a market order that would open or add to a
// position is refused outright (it fills wherever the market is, which the screen no longer shows); a futures
// CLOSE at market stays possible behind that confirmation, so a way out of a position is never barred.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { add, compare, isDecimalText, mul } from '@shared/decimal'
import { gatewayOf, type Module } from '@shared/module'
import { checkConditional, readLeverage, type TriggerKind } from '@shared/trading/futures-rules'
import {
  BATCH_MAX,
  checkBatchRoom,
  checkFuturesOrder,
  checkSpotOrder,
  volumeDecimals
} from '@shared/trading/order-rules'
import { orderWords, refusal as refused, whatKey, type Refusal } from '@shared/trading/refusal'
import { futuresPreview, type FuturesPreview } from '@shared/trading/futures-preview'
import { readNumber, type NumberReading } from '@shared/trading/number-input'
import { contractNameParts } from '@shared/trading/market-name'
import { useAccountStore } from './account'
import { useFeeRatesStore } from './fee-rates'
import { isStale, useFreshnessStore } from './freshness'
import { useInstrumentsStore } from './instruments'
import { usePositionsStore } from './positions'
import { usePreferencesStore } from './preferences'
import { onProfileSwitch, profileParam, shownProfileId } from './profile-scope'
import { useProfilesStore } from './profiles'
import { useSelectionStore } from './selection'
import type { Draft, DraftBody } from './order-draft'
import { useOrderSizing } from './order-sizing'
import { limitTotal as totalOf } from './limit-total'
import { useOrderGuards, type Guard } from './order-guards'
import { useOrderSend } from './order-send'
import { closeBeyondHeld } from './close-held-rule'
import { undeterminedPlace } from './undetermined-bar'
import { t } from '../i18n'
import { contractLabel } from '../i18n/market-words'
import { outcome, type Outcome } from '../i18n/outcome'
import { errorText, toastError, type BatchInput } from './trading'
import { assetDecimals, fixDecimals, group, money } from '../lib/format'

export type Tif = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY'
type BatchItem = BatchInput['orders'][number]

export const useOrderFormStore = defineStore('order-form', () => {
  const selection = useSelectionStore()
  const prefs = usePreferencesStore()
  const account = useAccountStore()
  const positions = usePositionsStore()
  const instruments = useInstrumentsStore()
  const profiles = useProfilesStore()
  const freshness = useFreshnessStore()
  const fees = useFeeRatesStore()

  const side = ref<'BUY' | 'SELL'>('BUY')
  const type = ref<'LIMIT' | 'MARKET'>('LIMIT')
  const price = ref('')
  const volume = ref('')
  const share = ref(0)
  const testMode = ref(false)
  const open = ref<'OPEN' | 'CLOSE'>('OPEN')
  const leverage = ref('10') // the known leverage follows (below)
  /**
   * The leverage typed differs from the one last set on (or read from) the venue: the preview and orders wait for Set.
   */
  const leverageEdited = ref(false)
  const tif = ref<Tif>('GTC')
  const trigger = ref<'none' | TriggerKind>('none')
  const triggerPrice = ref('')
  const callbackRatio = ref('')
  const batch = ref<BatchItem[]>([])
  /** A refusal of a batch add or of a confirmed draft (prices went stale meanwhile); cleared by the next edit. */
  const actionRefusal = ref<Refusal | null>(null)
  const result = ref<Outcome | null>(null)
  const confirming = ref<Draft | null>(null)
  const busy = ref(false)

  const module = computed<Module>(() => selection.module)
  const symbol = computed(() => selection.symbol)
  const spot = computed(() => (module.value === 'futures' ? undefined : instruments.symbolOf(symbol.value)))
  const contract = computed(() => (module.value === 'futures' ? instruments.contractOf(symbol.value) : undefined))
  /** How old the prices of this market are (margin trades on the spot market's data). */
  const fresh = computed(() => freshness.market(gatewayOf(module.value)))
  const ready = computed(() => !!(spot.value ?? contract.value))
  const priceDecimals = computed(() => spot.value?.pricePrecision ?? contract.value?.pricePrecision ?? 8)
  /** A spot MARKET BUY is a quote amount; a futures MARKET OPEN a notional value; else base units or contracts. */
  const sizedInQuote = computed(
    () => type.value === 'MARKET' && (module.value === 'futures' ? open.value === 'OPEN' : side.value === 'BUY')
  )
  const sizeDecimals = computed(() => {
    if (spot.value) return sizedInQuote.value ? spot.value.pricePrecision : spot.value.quantityPrecision
    if (contract.value) return sizedInQuote.value ? 8 : volumeDecimals(contract.value)
    return 8
  })
  /** Linear E-BTC-USDT is margined in USDT (its quote), inverse E-BTC-USD in BTC (its base). */
  const marginCoin = computed(() => {
    const n = contract.value ? contractNameParts(contract.value.symbol) : null
    return (contract.value?.side === 1 ? n?.quote : n?.base) ?? ''
  })
  const sizeUnit = computed(() => {
    if (spot.value) return sizedInQuote.value ? spot.value.quoteAsset : spot.value.baseAsset
    if (contract.value)
      return sizedInQuote.value
        ? contract.value.side === 1
          ? marginCoin.value
          : contract.value.multiplierCoin
        : t('order.unit.cont')
    return ''
  })
  // The fields hold exactly what was typed; these readings are the values checked and sent (number-input.ts).
  const sizeWords = computed(() =>
    whatKey(!sizedInQuote.value ? 'size' : module.value === 'futures' ? 'orderValue' : 'spend')
  )
  const readings = computed<Record<'price' | 'volume' | 'triggerPrice' | 'callbackRatio', NumberReading>>(() => ({
    price: readNumber(price.value, 'price', whatKey('price')),
    volume: readNumber(volume.value, 'volume', sizeWords.value),
    triggerPrice: readNumber(triggerPrice.value, 'triggerPrice', whatKey('triggerPrice')),
    callbackRatio: readNumber(callbackRatio.value, 'callbackRatio', whatKey('callbackRatio'))
  }))
  const valueOf = (r: NumberReading): string => (r.ok ? r.value : '')
  const priceValue = computed(() => valueOf(readings.value.price))
  const volumeValue = computed(() => valueOf(readings.value.volume))
  /** The leverage as read from its field ("２０" is 20), '' while it cannot be read or breaks the rule. */
  const leverageReading = computed(() => readLeverage(leverage.value))
  const leverageValue = computed(() => valueOf(leverageReading.value))
  /** Why the leverage typed cannot be read (shown at its field), null when it reads or is empty. */
  const leverageRefusal = computed<Refusal | null>(() => {
    const r = leverageReading.value
    return r.ok || r.refusal.rule === 'required' ? null : r.refusal
  })
  const positionType = computed<1 | 2>(() => positions.marginModes[symbol.value] ?? 1)
  const mark = computed(() => (contract.value ? positions.marks[contract.value.symbol] : undefined))
  /** A futures OPEN before it is sent: contracts, value, margin against available, max openable, liquidation. */
  const preview = computed<FuturesPreview | null>(() => {
    const c = contract.value
    const at = type.value === 'LIMIT' ? priceValue.value : (mark.value ?? '')
    if (
      !c ||
      open.value !== 'OPEN' ||
      !leverageValue.value ||
      !isDecimalText(at, { allowNegative: false }) ||
      compare(at, '0') <= 0
    )
      return null
    if (!isDecimalText(volumeValue.value, { allowNegative: false }) || compare(volumeValue.value, '0') <= 0) return null
    const free = available.value && available.value.unit !== 'Cont' ? available.value.amount : null
    return futuresPreview(c, {
      side: side.value,
      type: type.value,
      volume: volumeValue.value,
      price: at,
      leverage: leverageValue.value,
      available: free,
      positionType: positionType.value
    })
  })
  const guards = useOrderGuards({
    module,
    symbol,
    spot,
    contract,
    side,
    type,
    open,
    conditional: computed(() => module.value === 'futures' && trigger.value !== 'none'),
    priceValue,
    volumeValue,
    mark,
    timeInForce: tif
  })
  const { closing, available, sizeAt } = useOrderSizing({
    module,
    spot,
    contract,
    side,
    type,
    open,
    priceValue,
    mark,
    leverage: leverageValue,
    sizeDecimals,
    marginCoin
  })

  const sliderHint = computed(() => {
    const r = sizeAt(100)
    return typeof r === 'string' ? null : r.why
  })

  /** The size came from the slider (not typed): only then may a new price re-size it. */
  let sizedBySlider = false
  function setShare(pct: number): void {
    share.value = pct
    const r = sizeAt(pct)
    if (typeof r === 'string') volume.value = compare(r, '0') > 0 ? r : ''
    sizedBySlider = true
    edited()
  }

  /** Slider position for a typed volume (visual only, hence Number). */
  function syncShare(): void {
    const max = sizeAt(100)
    share.value =
      typeof max === 'string' && Number(max) > 0
        ? Math.min(100, Math.round((Number(volumeValue.value || 0) / Number(max)) * 100))
        : 0
  }

  // Setters keep the text as typed: a value that breaks a rule is refused in words, never rewritten.
  function setPrice(text: string): void {
    price.value = text
    edited()
  }
  function setVolume(text: string): void {
    volume.value = text
    sizedBySlider = false
    syncShare()
    edited()
  }
  function setTriggerPrice(text: string): void {
    triggerPrice.value = text
    edited()
  }
  function setCallbackRatio(text: string): void {
    callbackRatio.value = text
    edited()
  }
  /** A one-click fix the user chose from a refusal: the field takes that allowed value. */
  function applyFix(field: string, value: string): void {
    if (field === 'price') setPrice(value)
    else if (field === 'volume') setVolume(value)
    else if (field === 'triggerPrice') setTriggerPrice(value)
    else if (field === 'callbackRatio') setCallbackRatio(value)
  }
  /** Shown under the button; venue and connection failures also as a toast (rule refusals stay inline). */
  function fail(e: unknown, title: string): void {
    result.value = outcome(false, () => errorText(e))
    toastError(e, title)
  }
  function edited(): void {
    actionRefusal.value = null
    result.value = null
  }

  /** The order of the form, checked; a Refusal names the first broken rule. */
  function check(): Refusal | null {
    if (!ready.value) {
      const failed = instruments.errors[gatewayOf(module.value)]
      if (failed) return { rule: 'symbol', field: 'symbol', message: failed }
      const loading = instruments.loading[gatewayOf(module.value)]
      const said = { symbol: symbol.value }
      return refused(
        'symbol',
        'symbol',
        orderWords(
          loading
            ? 'order.check.loading'
            : module.value === 'futures'
              ? 'order.check.notContract'
              : 'order.check.notSymbol',
          said
        )
      )
    }
    // Each field in play must read as a number before any rule looks at it.
    const inPlay = [
      ...(trigger.value === 'none' || module.value !== 'futures'
        ? []
        : ['triggerPrice' as const, ...(trigger.value === 'trailing-stop' ? ['callbackRatio' as const] : [])]),
      ...(type.value === 'LIMIT' ? ['price' as const] : []),
      'volume' as const
    ]
    const unread = inPlay.map((f) => readings.value[f]).flatMap((r) => (r.ok ? [] : [r.refusal]))
    const broken = unread.find((r) => r.rule !== 'required')
    if (broken) return broken
    // With a field still empty, a typed price is held to its own rules already (a tick is told before the size).
    if (unread.length) return (type.value === 'LIMIT' && readings.value.price.ok ? priceOwnRules() : null) ?? unread[0]!
    const o = {
      side: side.value,
      type: type.value,
      volume: volumeValue.value,
      price: type.value === 'LIMIT' ? priceValue.value : undefined
    }
    const s = spot.value
    if (s) {
      const funds =
        module.value === 'spot' ? { quote: account.free(s.quoteAsset), base: account.free(s.baseAsset) } : {}
      return checkSpotOrder(s, o, { funds })
    }
    const c = contract.value!
    // One more must fit under the contract's open-order limit (counted from the account's open orders, as main does).
    const resting = account.openOrders.filter((x) => x.module === 'futures' && x.symbol === c.symbol).length
    const r = checkFuturesOrder(
      c,
      { ...o, open: open.value, timeInForce: tif.value === 'GTC' ? undefined : tif.value },
      { openOrders: resting }
    )
    if (r) return r
    // An open is margined at the venue's leverage: one typed but not set would make every figure below wrong.
    if (open.value === 'OPEN' && leverageRefusal.value) return leverageRefusal.value
    if (open.value === 'OPEN' && leverageEdited.value) {
      return refused('leverage', 'leverage', orderWords('order.check.leverageNotSet', { leverage: leverage.value }))
    }
    // The margin an open takes at the contract's leverage, against the free margin (when known).
    const pv = preview.value
    if (pv && pv.available !== null && compare(pv.margin, pv.available) > 0) {
      const most =
        pv.maxContracts && compare(pv.maxContracts, '0') > 0 && type.value === 'LIMIT' ? [pv.maxContracts] : []
      // Figures as the preview writes them: the margin taken rounded up, what is available down.
      const words = orderWords('order.check.margin', {
        contracts: group(pv.contracts),
        margin: group(fixDecimals(pv.margin, assetDecimals(pv.marginCoin), 'up')),
        coin: pv.marginCoin,
        leverage: leverageValue.value,
        available: money(pv.available, pv.marginCoin),
        max: group(pv.maxContracts ?? '0')
      })
      return refused('margin', 'volume', words, most)
    }
    const pos = closing.value
    if (open.value === 'CLOSE' && compare(volumeValue.value, pos?.volume ?? '0') > 0) {
      const key = pos
        ? pos.side === 'BUY'
          ? 'order.check.closeLongHolds'
          : 'order.check.closeShortHolds'
        : side.value === 'SELL'
          ? 'order.check.closeNoLong'
          : 'order.check.closeNoShort'
      const words = orderWords(key, { volume: group(volumeValue.value), held: group(pos?.volume ?? '0') })
      return refused('position', 'volume', words, pos ? [pos.volume] : [])
    }
    // What the position's resting close orders hold is not closed again (the venue refuses it).
    const beyond =
      open.value === 'CLOSE' && pos
        ? closeBeyondHeld(
            {
              long: pos.side === 'BUY',
              volume: volumeValue.value,
              held: pos.volume,
              pending: positions.pendingClose(pos)
            },
            'volume'
          )
        : null
    if (beyond) return beyond
    if (trigger.value === 'none') return null
    const t = {
      side: side.value,
      kind: trigger.value,
      triggerPrice: valueOf(readings.value.triggerPrice),
      callbackRatio: valueOf(readings.value.callbackRatio)
    }
    return checkConditional(c, t, mark.value)
  }

  /**
   * The rules of the price alone: the order checked with the smallest size the market takes, kept if the price breaks
   * one.
   */
  function priceOwnRules(): Refusal | null {
    const o = { side: side.value, type: 'LIMIT' as const, price: priceValue.value }
    const r = spot.value
      ? checkSpotOrder(spot.value, { ...o, volume: spot.value.limitVolumeMin })
      : contract.value
        ? checkFuturesOrder(contract.value, { ...o, volume: contract.value.minOrderVolume, open: open.value })
        : null
    return r?.field === 'price' ? r : null
  }

  function item(): BatchItem {
    const base = {
      side: side.value,
      type: type.value,
      volume: volumeValue.value,
      ...(type.value === 'LIMIT' ? { price: priceValue.value } : {})
    }
    if (module.value !== 'futures') return base
    return {
      ...base,
      open: open.value,
      positionType: positionType.value,
      ...(tif.value === 'GTC' ? {} : { timeInForce: tif.value })
    }
  }

  /** What a draft carries besides its body: the account, and the staleness of the prices it was decided on. */
  function framed(body: DraftBody, fired: Guard[] = []): Draft {
    const p = profiles.active
    const f = fresh.value
    const c = contract.value
    const [base, quote] = spot.value
      ? [spot.value.baseAsset, spot.value.quoteAsset]
      : c
        ? [c.symbol.split('-')[1] ?? '', c.side === 0 ? 'USD' : 'USDT']
        : ['', '']
    const venue = p?.kind === 'embedded' ? t('order.result.paperVenue') : (p?.baseUrl ?? t('order.result.unknownVenue'))
    return {
      ...body,
      profile: { id: shownProfileId(), name: p?.name ?? t('order.result.activeProfile'), kind: p?.kind ?? null, venue },
      market: {
        name: guards.marketName.value,
        base,
        quote,
        futures: !!c,
        quoteDecimals: spot.value?.pricePrecision ?? 2
      },
      guards: fired,
      estimate: body.kind === 'order' ? guards.estimate.value : null,
      typed: type.value,
      feeRates: fees.of(module.value, symbol.value) ?? null,
      stale: body.kind !== 'test' && isStale(f) ? { label: f.label, detail: f.detail } : null,
      ...(c && open.value === 'OPEN'
        ? { leverage: { value: leverageValue.value, mode: positionType.value, known: leverageKnown.value } }
        : {})
    }
  }

  function draft(): Draft {
    const o = item()
    const to = profileParam()
    if (module.value === 'futures' && trigger.value !== 'none') {
      const extra = trigger.value === 'trailing-stop' ? { callbackRatio: valueOf(readings.value.callbackRatio) } : {}
      const at = valueOf(readings.value.triggerPrice)
      // A conditional limit's price is held to the price guard too (protection is not for orders the venue triggers).
      const fired = guards.deviation.value ? [guards.deviation.value] : []
      return framed(
        {
          kind: 'conditional',
          input: {
            ...to,
            symbol: symbol.value,
            kind: trigger.value,
            triggerPrice: at,
            ...extra,
            ...(o as Extract<BatchItem, { open: string }>)
          }
        },
        fired
      )
    }
    if (module.value === 'spot' && testMode.value)
      return framed({ kind: 'test', input: { ...to, module: 'spot', symbol: symbol.value, ...o } })
    // A protected market order is sent as the limit the guard made; the confirmation says so.
    const { guards: fired, replace } = guards.apply()
    const sent = replace ? { ...o, ...replace } : o
    if (module.value === 'futures')
      return framed(
        {
          kind: 'order',
          input: { ...to, module: 'futures', symbol: symbol.value, ...(sent as Extract<BatchItem, { open: string }>) }
        },
        fired
      )
    return framed(
      { kind: 'order', input: { ...to, module: module.value, symbol: symbol.value, ...(sent as typeof o) } },
      fired
    )
  }

  /**
   * A market order (or a batch holding one) on stale prices is refused, unless it is a futures CLOSE: it can only
   * shrink a position, and barring it could trap the trader in one.
   */
  function staleMarket(orders: readonly { type: string; open?: string | undefined }[]): Refusal | null {
    const f = fresh.value
    if (!isStale(f) || !orders.some((o) => o.type === 'MARKET' && !(module.value === 'futures' && o.open === 'CLOSE')))
      return null
    return refused('stale', 'type', orderWords('order.check.stale', { label: f.label, detail: f.detail }))
  }

  /** An undetermined place of this market bars the next order (undetermined-bar.ts). */
  const unsettledPlace = (): Refusal | null => undeterminedPlace(module.value, symbol.value)

  /** The first rule the form breaks now, re-read on every keystroke: shown inline, and Submit stays disabled. */
  const blocker = computed<Refusal | null>(() => {
    const testing = module.value === 'spot' && testMode.value
    return (
      check() ??
      (testing
        ? null
        : (unsettledPlace() ?? (trigger.value === 'none' ? (staleMarket([item()]) ?? guards.refusal.value) : null)))
    )
  })
  /** What the form shows under its fields: a refused action first, else what blocks Submit. */
  const refusal = computed<Refusal | null>(() => actionRefusal.value ?? blocker.value)

  async function submit(): Promise<void> {
    result.value = null
    if (blocker.value || busy.value) return
    const d = draft()
    // Stale prices and a guard that wants its own tick always ask, whatever the confirmation setting.
    if (d.stale || d.guards.some((g) => g.ack) || (prefs.confirmOrders && d.kind !== 'test')) confirming.value = d
    else await send(d)
  }

  /**
   * Sends the confirmed draft. `staleAck`: the user ticked the staleness shown; prices that went stale while the
   * dialog was open keep it open, now naming the staleness, until the user acknowledges that too.
   */
  async function confirm(dontAskAgain = false, staleAck = false, guardsAck = false): Promise<void> {
    const d = confirming.value
    if (!d) return
    if (d.guards.some((g) => g.ack) && !guardsAck) return // the dialog stays open until each is ticked
    const f = fresh.value
    if (d.kind !== 'test' && isStale(f) && !(staleAck && d.stale)) {
      confirming.value = { ...d, stale: { label: f.label, detail: f.detail } }
      return
    }
    confirming.value = null
    // Not from an order that had warnings to tick: ticking every box there turned confirmations off (trader test).
    if (dontAskAgain && !d.stale && !d.guards.some((g) => g.ack)) prefs.confirmOrders = false
    // Prices may have gone stale since the draft: a market order is refused then too.
    actionRefusal.value =
      d.kind === 'order'
        ? staleMarket([{ ...d.input, type: d.typed }])
        : d.kind === 'batch'
          ? staleMarket(d.input.orders)
          : null
    if (!actionRefusal.value) await send(d)
  }

  const send = useOrderSend({
    busy,
    result,
    priceDecimals,
    clearSize: () => {
      volume.value = ''
      share.value = 0
    },
    keepBatch: (items) => (batch.value = items),
    fail
  })

  // ---- batch builder ----
  function addToBatch(): void {
    result.value = null
    actionRefusal.value =
      module.value === 'margin'
        ? refused('batch', 'batch', orderWords('order.check.marginBatch'))
        : trigger.value !== 'none'
          ? refused('batch', 'batch', orderWords('order.check.conditionalBatch'))
          : type.value === 'MARKET' && prefs.slippageGuard.on
            ? refused('protection', 'type', orderWords('order.check.protectedBatch'))
            : (checkBatchRoom(batch.value.length) ?? check())
    if (actionRefusal.value) return
    batch.value = [...batch.value, item()]
  }
  function removeFromBatch(n: number): void {
    batch.value = batch.value.filter((_, i) => i !== n)
  }
  async function sendBatch(): Promise<void> {
    if (!batch.value.length) return
    actionRefusal.value = unsettledPlace() ?? staleMarket(batch.value)
    if (actionRefusal.value) return
    const d = batchDraft()
    if (d.stale || d.guards.length || prefs.confirmOrders) confirming.value = d
    else await send(d)
  }
  function batchDraft(): Draft {
    const to = profileParam()
    const input = (
      module.value === 'futures'
        ? { ...to, module: 'futures', symbol: symbol.value, orders: batch.value }
        : { ...to, module: 'spot', symbol: symbol.value, orders: batch.value }
    ) as BatchInput
    // Each limit item is held to the price guard; one that fires wants its tick in the confirmation.
    const fired = batch.value.flatMap((o, n) => {
      const g = o.type === 'LIMIT' && o.price ? guards.deviationOf(o.side, o.price) : null
      return g ? [{ ...g, message: t('order.result.batchItem', { n: n + 1, message: g.message }) }] : []
    })
    return framed({ kind: 'batch', input }, fired)
  }

  // The confirmation follows the prices while it is open. Prices that go stale make it name the staleness and want
  // its tick, as a draft made on stale prices does (a protected limit worked out from the book before the outage is
  // no longer what the trader saw the market do). Prices that come back live while it names their staleness: the
  // order is drafted again from the same form (behind the dialog, unchanged) on live prices: its guards and a
  // protected limit re-run, each tick is asked afresh, and the dialog says why it changed. If the form breaks a rule
  // on live prices (a protected market order with no book side to bound it), the dialog closes and the form says why:
  // sending it unprotected would be the surprise.
  watch(
    () => isStale(fresh.value),
    (stale) => {
      const d = confirming.value
      if (!d || d.kind === 'test') return
      if (stale) {
        if (!d.stale) confirming.value = { ...d, stale: { label: fresh.value.label, detail: fresh.value.detail } }
        return
      }
      if (!d.stale) return
      const refusal = d.kind === 'batch' ? (unsettledPlace() ?? staleMarket(batch.value)) : blocker.value
      if (refusal) {
        confirming.value = null
        actionRefusal.value = d.kind === 'batch' ? refusal : null // the form shows its own blocker
        return
      }
      confirming.value = { ...(d.kind === 'batch' ? batchDraft() : draft()), recovered: true }
    }
  )
  /** What a limit order is worth, in words (limit-total.ts): "less than 0.01 USDT" rather than a rounded-up cost. */
  const limitTotal = computed(() => {
    const [p, v] = [priceValue.value, volumeValue.value]
    const valid = (x: string) => x !== '' && isDecimalText(x, { allowNegative: false })
    if (type.value !== 'LIMIT' || !valid(p) || !valid(v)) return null
    return totalOf({ spot: spot.value, contract: contract.value, side: side.value }, p, v)
  })
  /** Value of the batch's limit orders in the quote (spot) for the builder's footer. */
  const batchTotal = computed(() =>
    module.value === 'spot' ? batch.value.reduce((s, o) => (o.price ? add(s, mul(o.price, o.volume)) : s), '0') : null
  )

  /** Cross/isolated is the contract's margin model on the venue: switching it is a request, not a local choice. */
  async function setMarginMode(m: 1 | 2): Promise<void> {
    try {
      const contract = symbol.value
      await positions.setMarginMode(contract, m === 1 ? 'cross' : 'isolated')
      const mode = (): string => t(m === 1 ? 'order.form.crossMode' : 'order.form.isolatedMode')
      result.value = outcome(true, () =>
        t('order.result.marginMode', { market: contractLabel(contract), mode: mode() })
      )
    } catch (e) {
      fail(e, t('order.result.marginNotChanged'))
    }
  }
  async function applyLeverage(): Promise<void> {
    try {
      const [contract, typed, set] = [symbol.value, leverage.value, leverageValue.value]
      await positions.setLeverage(contract, typed, positionType.value)
      leverageEdited.value = false
      result.value = outcome(true, () => t('order.result.leverage', { market: contractLabel(contract), leverage: set }))
    } catch (e) {
      fail(e, t('order.result.leverageNotChanged'))
    }
  }

  watch([side, type, open, tif, trigger, triggerPrice, callbackRatio], edited)
  // The venue has no read of a contract's leverage: the field shows the one this window knows for the account and
  // contract (a position's, or the last one set here: positions.knownLeverage), else the assumed default, and the
  // confirmation says which.
  const DEFAULT_LEVERAGE = '10'
  const leverageKnown = computed(
    () => positions.knownLeverage(symbol.value) === leverageValue.value && !leverageEdited.value
  )
  watch([() => positions.knownLeverage(symbol.value), symbol, () => profiles.activeId], ([l]) => {
    leverage.value = l ?? DEFAULT_LEVERAGE
    leverageEdited.value = false
  })
  /** Nothing typed, batched, refused or answered for another market or account stays in the form. */
  function clearEntry(): void {
    price.value = ''
    volume.value = ''
    share.value = 0
    batch.value = []
    actionRefusal.value = null
    result.value = null
  }
  onProfileSwitch(() => {
    clearEntry()
    confirming.value = null
    busy.value = false // an order still in flight is the old account's: told by toast when it is answered
    leverageEdited.value = false
  })
  // A new market (or account) starts a clean form; a book price clicked in the market panel becomes the limit price.
  watch([module, symbol, () => profiles.activeId], () => {
    clearEntry()
    confirming.value = null // an order of the market (or account) left is not confirmed under another
    if (module.value !== 'spot') testMode.value = false
    if (module.value === 'futures') positions.followMark(symbol.value)
    else account.watchSymbol(module.value, symbol.value)
  })
  // The fee rates the confirmation estimates with, read for each market (and account) the form shows.
  watch([module, symbol, () => profiles.activeId], ([m, sym]) => void fees.load(m, sym), { immediate: true })
  watch(
    () => selection.pickedPrice,
    (p) => {
      if (!p) return
      if (type.value === 'MARKET') type.value = 'LIMIT'
      setPrice(p.price)
      // A typed size is never re-made from the slider's rounded percent; a slider-made one follows the new price.
      if (sizedBySlider && share.value > 0) setShare(share.value)
    }
  )

  return {
    side,
    type,
    price,
    volume,
    share,
    testMode,
    open,
    positionType,
    leverage,
    tif,
    trigger,
    triggerPrice,
    callbackRatio,
    leverageEdited,
    leverageRefusal,
    leverageValue,
    batch,
    refusal,
    blocker,
    readings,
    priceValue,
    volumeValue,
    result,
    confirming,
    busy,
    module,
    symbol,
    spot,
    contract,
    ready,
    fresh,
    priceDecimals,
    sizeDecimals,
    sizeUnit,
    sizedInQuote,
    mark,
    available,
    estimate: guards.estimate,
    limitTotal,
    preview,
    protecting: guards.protecting,
    deviation: guards.deviation,
    priceGuard: guards.priceGuard,
    showing: guards.showing,
    sliderHint,
    batchTotal,
    BATCH_MAX,
    setShare,
    setPrice,
    setVolume,
    setTriggerPrice,
    setCallbackRatio,
    applyFix,
    edited,
    check,
    draft,
    submit,
    confirm,
    send,
    addToBatch,
    removeFromBatch,
    sendBatch,
    setMarginMode,
    applyLeverage
  }
})

// Trading hotkeys and one-click trading. Both act only while the window is armed: off at every start (a window's
// state, never kept), armed from the top bar. Orders are drafted by the order form's own rules, guards and draft
// (draft-aside.ts: the form's fields are left as the trader typed them) and asked in the form's confirmation
// (ConfirmOrder, shown by ArmSwitch.vue), so nothing here checks an order its own way. A hotkey asks first unless
// the user turned its confirmation off in Settings (an order also only while order confirmations are on; stale
// prices and a guard that wants its tick always ask, as in the form). One order at a time: while one is on its way
// (until main answers) or asked, another press or click is refused in words, so a double click is one order. Cancel
// all, close, reverse and flatten go through the same stores as the orders and positions tables. Every refusal (not
// armed, no size preset, no best price, a rule) is told in words and sends nothing.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, toRaw, watch } from 'vue'
import { compare, formatFixed, mul } from '@shared/decimal'
import { gatewayOf } from '@shared/module'
import { orderWords, refusal as refused, type Refusal } from '@shared/trading/refusal'
import { DEFAULT_HOTKEYS_PREFERENCE, type TradingHotkey } from '@shared/ipc/schemas/preferences-hotkeys'
import { protectedLimit } from '@shared/trading/market-estimate'
import { contractValue } from '@shared/trading/order-rules'
import { spotMarketName } from '@shared/trading/market-name'
import { contractLabel } from '../i18n/market-words'
import { t } from '../i18n'
import { wordsText } from '../i18n/words'
import { num } from '../lib/format'
import { useAccountStore } from '../stores/account'
import { algosToAsk, runningWords, stopsSaid, type AlgosAsk } from '../stores/algo-stops'
import { useAnnouncerStore } from '../stores/announcer'
import { useFeedbackStore } from '../stores/feedback'
import { useInstrumentsStore } from '../stores/instruments'
import { marketKey } from '../stores/market-list'
import { useMarketPanelsStore, type MarketFeed } from '../stores/market-panels'
import { ackWords, type Draft } from '../stores/order-draft'
import { useOrderFormStore } from '../stores/order-form'
import { usePositionActionsStore } from '../stores/position-actions'
import { usePositionsStore, type PositionRow } from '../stores/positions'
import { usePreferencesStore } from '../stores/preferences'
import { isStale } from '../stores/freshness'
import { onProfileSwitch, shownProfileId } from '../stores/profile-scope'
import { useProfilesStore } from '../stores/profiles'
import { useSelectionStore } from '../stores/selection'
import { errorText, useTradingStore } from '../stores/trading'
import { draftAside } from './draft-aside'

/** An action waiting for the user's yes (HotkeyConfirm.vue shows it). */
export interface Asking {
  action: TradingHotkey
  words: string
  /** A choice made in the question (flatten: also stop the algorithms named), read when it goes. */
  choice?: { label: string; on: boolean }
  go: () => Promise<void>
}

type OrderAction = 'buyBid' | 'sellAsk' | 'buyMarket' | 'sellMarket'
/** A click on a price: a book level (one-click, armed only) or a ladder level (armed or not). */
type Clicked = 'oneClick' | 'ladder'
/** An order of a hotkey or a click, drafted: waiting for its confirmation, or on its way to main. */
export interface HotkeyOrder {
  action: TradingHotkey | Clicked
  draft: Draft
  side: 'BUY' | 'SELL'
  /** The limit's price (decimal text), null at market. */
  price: string | null
}

export const useTradingHotkeysStore = defineStore('trading-hotkeys', () => {
  const prefs = usePreferencesStore()
  const selection = useSelectionStore()
  const markets = useMarketPanelsStore()
  const profiles = useProfilesStore()
  const instruments = useInstrumentsStore()
  const feedback = useFeedbackStore()
  const announcer = useAnnouncerStore()

  const armed = ref(false)
  const asking = ref<Asking | null>(null)
  /** An order waiting for the yes of its confirmation (ArmSwitch.vue shows the form's ConfirmOrder for it). */
  const ordering = ref<HotkeyOrder | null>(null)
  /** The order sent and not answered yet: the next one waits for it (a double click is one order). */
  const sending = ref<HotkeyOrder | null>(null)
  // A confirmation and a hold are the account's they were made on.
  onProfileSwitch(() => {
    ordering.value = null
    sending.value = null
  })
  /** The selected market's live book, held while armed so a best price is there when a key is pressed. */
  const feed = shallowRef<MarketFeed | null>(null)
  watch(
    [armed, () => gatewayOf(selection.module), () => selection.symbol, () => profiles.activeId] as const,
    ([on, g, s]) => {
      if (feed.value) markets.release(feed.value)
      feed.value = on && s ? markets.acquire(g, s) : null
    },
    { immediate: true }
  )
  // Another account is another set of orders: arming is for the account the trader armed it on.
  watch(
    () => profiles.activeId,
    () => (armed.value = false)
  )

  const key = computed(() => marketKey(gatewayOf(selection.module), selection.symbol))
  const market = computed(() => {
    const s = selection.module === 'futures' ? undefined : instruments.symbolOf(selection.symbol)
    const c = selection.module === 'futures' ? instruments.contractOf(selection.symbol) : undefined
    return { spot: s, contract: c, label: s ? spotMarketName(s) : contractLabel(selection.symbol) }
  })
  /** The selected market's size preset: base units (spot, margin) or contracts (futures). */
  const size = computed(() => prefs.profile.hotkeySizes[key.value] ?? null)
  const sizeUnit = computed(() => market.value.spot?.baseAsset ?? t('hotkeys.contracts'))

  function setSize(k: string, value: string | null): void {
    const next = { ...prefs.profile.hotkeySizes }
    if (value === null) delete next[k]
    else next[k] = value
    prefs.setProfile({ hotkeySizes: next })
  }
  const asks = (a: TradingHotkey): boolean => (prefs.app.hotkeys ?? DEFAULT_HOTKEYS_PREFERENCE).ask[a] ?? true
  function setAsk(a: TradingHotkey, on: boolean): void {
    const h = prefs.app.hotkeys
    prefs.setApp({ hotkeys: { keys: { ...h.keys }, ask: { ...h.ask, [a]: on } } })
  }

  const actionWords = (a: TradingHotkey): string => t(`hotkeys.actions.${a}`)
  /** A rule's refusal in this window's language. */
  const inWords = (r: Refusal): string => wordsText(r.words, r.message)
  const orderTitle = (a: TradingHotkey | Clicked): string =>
    a === 'oneClick' ? t('hotkeys.oneClick') : a === 'ladder' ? t('ladder.order') : actionWords(a)
  function refuse(a: TradingHotkey | Clicked, why: string): void {
    feedback.warn(t('hotkeys.refused', { action: orderTitle(a) }), why)
    announcer.say(why, true)
  }
  function told(ok: boolean, a: TradingHotkey, text: string): void {
    feedback[ok ? 'info' : 'warn'](actionWords(a), text)
  }
  /**
   * Runs `go` at once, or after the user's yes when the action asks first; `o.force` asks whatever the setting (a
   * choice to make, or something the question must say).
   */
  async function perhapsAsk(
    a: TradingHotkey,
    words: string,
    go: () => Promise<void>,
    o: { choice?: { label: string; on: boolean } | undefined; force?: boolean } = {}
  ): Promise<void> {
    if (asks(a) || o.force) asking.value = { action: a, words, go, ...(o.choice ? { choice: o.choice } : {}) }
    else await go()
  }
  /** The question's choice ticked or unticked. */
  function choose(on: boolean): void {
    if (asking.value?.choice) asking.value.choice.on = on
  }
  async function answer(yes: boolean): Promise<void> {
    const q = asking.value
    asking.value = null
    if (q && yes) await q.go()
  }

  /** Why another order may not go now (one is asked or on its way), in words; null when it may. */
  function busy(): string | null {
    const o = sending.value ?? ordering.value
    if (!o) return null
    const what = {
      side: t(o.side === 'BUY' ? 'hotkeys.buy' : 'hotkeys.sell'),
      price: o.price === null ? t('hotkeys.atMarket') : num(o.price)
    }
    return t(sending.value ? 'hotkeys.inFlight' : 'hotkeys.asked', what)
  }

  /**
   * Drafts one order of the preset size through the order form's rules and guards (its fields untouched) and asks or
   * sends it. `price` for a limit; a market order is sized as the form wants it (a spot buy or a futures open in what
   * it is worth at the price it may fill at, so the form's protected limit comes back to the preset size).
   */
  async function order(a: TradingHotkey | Clicked, side: 'BUY' | 'SELL', price: string | null): Promise<void> {
    const form = useOrderFormStore()
    const said = { market: market.value.label }
    const held = busy()
    if (held) return refuse(a, held)
    if (!size.value) return refuse(a, t('hotkeys.noSize', said))
    const book = feed.value?.book.value
    const best = (side === 'BUY' ? book?.asks : book?.bids)?.[0]?.[0]
    if (price === null && !best) return refuse(a, t('hotkeys.noBest', said)) // a market order needs a book to bound
    const made = draftAside(form, {
      side,
      type: price === null ? 'MARKET' : 'LIMIT',
      price,
      volume: (f) => (price === null && f.sizedInQuote ? worth(side, best!) : size.value!)
    })
    if ('refusal' in made) return refuse(a, inWords(made.refusal))
    const d = made.draft
    const o: HotkeyOrder = { action: a, draft: d, side, price }
    const mustAsk = d.stale || d.guards.some((g) => g.ack)
    // The ladder unarmed always asks; armed, a click asks as one-click in the book does.
    const clicked = a === 'oneClick' || a === 'ladder'
    if (a === 'ladder' && !armed.value) ordering.value = o
    else if (mustAsk || (prefs.confirmOrders && (clicked || asks(a)) && d.kind !== 'test')) ordering.value = o
    else await send(o)
  }

  /**
   * The confirmation's yes, held to what the form's holds it to: each guard's tick, and prices gone stale while it
   * was open named and ticked first; a market order is refused on stale prices.
   */
  async function confirmOrder(dontAskAgain = false, staleAck = false, guardsAck = false): Promise<void> {
    const o = ordering.value
    if (!o) return
    const d = o.draft
    if (d.guards.some((g) => g.ack) && !guardsAck) return
    const f = useOrderFormStore().fresh
    if (isStale(f) && !(staleAck && d.stale)) {
      ordering.value = { ...o, draft: { ...d, stale: { label: f.label, detail: f.detail } } }
      return
    }
    ordering.value = null
    if (dontAskAgain && !d.stale && !d.guards.some((g) => g.ack)) prefs.confirmOrders = false
    if (d.typed === 'MARKET' && isStale(f)) {
      const words = orderWords('order.check.stale', { label: f.label, detail: f.detail })
      return refuse(o.action, inWords(refused('stale', 'type', words)))
    }
    await send(o)
  }
  function dropOrder(): void {
    ordering.value = null
  }

  /** Sends a drafted order and tells main's answer; the next order waits until it comes. */
  async function send(o: HotkeyOrder): Promise<void> {
    if (o.draft.kind !== 'order') return
    const input = o.draft.input
    const profile = o.draft.profile
    sending.value = o
    const title = orderTitle(o.action)
    try {
      if (input.module !== 'futures') useAccountStore().watchSymbol(input.module, input.symbol)
      const r = ackWords(await useTradingStore().place(input), o.draft)
      const here = profile.id === shownProfileId()
      const head = here ? title : t('order.result.orderOn', { profile: profile.name })
      // Listed under the order's account: a switch may have come while it was on its way.
      if (r.ok) feedback.orderNews('success', head, r.text, profile.id)
      else feedback.warn(head, r.text, null, false, profile.id)
      if (here) announcer.say(r.text, !r.ok)
    } catch (e) {
      if (profile.id === shownProfileId()) {
        feedback.error(e, t('order.result.notPlaced'), null, profile.id)
        announcer.say(`${t('order.result.notPlaced')}: ${errorText(e)}`, true)
      } else feedback.error(e, t('order.result.notPlacedOn', { profile: profile.name }), null, profile.id)
    } finally {
      if (sending.value && toRaw(sending.value) === toRaw(o)) sending.value = null // not a later account's
    }
  }
  function worth(side: 'BUY' | 'SELL', best: string): string {
    const { spot, contract } = market.value
    const decimals = spot?.pricePrecision ?? contract?.pricePrecision ?? 8
    const at = prefs.slippageGuard.on ? protectedLimit(side, best, prefs.slippageGuard.maxPct, decimals) : best
    return contract
      ? formatFixed(contractValue(contract, size.value!, at), 8, 'up')
      : formatFixed(mul(size.value!, at), spot?.pricePrecision ?? 8, 'up')
  }

  function bestOf(side: 'bids' | 'asks'): string | null {
    return feed.value?.book.value?.[side][0]?.[0] ?? null
  }

  async function orderAction(a: OrderAction): Promise<void> {
    const side = a === 'buyBid' || a === 'buyMarket' ? 'BUY' : 'SELL'
    if (a === 'buyMarket' || a === 'sellMarket') return order(a, side, null)
    const p = bestOf(a === 'buyBid' ? 'bids' : 'asks')
    if (!p) return refuse(a, t('hotkeys.noBest', { market: market.value.label }))
    return order(a, side, p)
  }

  function positionsHere(all: boolean): PositionRow[] {
    return usePositionsStore().rows.filter(
      (p) => (all || p.contractName === selection.symbol) && compare(p.volume, '0') > 0
    )
  }

  async function positionAction(a: 'closePosition' | 'reversePosition' | 'flatten'): Promise<void> {
    const said = { market: market.value.label }
    if (a !== 'flatten' && selection.module !== 'futures') return refuse(a, t('hotkeys.noPositionsSpot', said))
    const list = positionsHere(a === 'flatten')
    if (!list.length) return refuse(a, t(a === 'flatten' ? 'hotkeys.noPositions' : 'hotkeys.noPosition', said))
    if (a === 'reversePosition' && list.length > 1) return refuse(a, t('hotkeys.twoSides', said))
    const positions = usePositionsStore()
    const actions = usePositionActionsStore()
    let words = t(`hotkeys.ask.${a}`, { ...said, n: list.length, volume: list[0]!.volume })
    // Flatten and the futures algorithms still running on those contracts (one that opens may open a position again;
    // a close-only one is said as such): named, with the choice to stop them first, as the Positions table's Close all
    // offers.
    let ask: AlgosAsk = { running: [], unread: null }
    if (a === 'flatten') {
      const shown = shownProfileId()
      ask = await algosToAsk(list.map((p) => p.contractName))
      const said = runningWords(ask.running, 'hotkeys.ask.flattenAlgos', 'hotkeys.ask.flattenCloseAlgos')
      words = [words, ...said, ...(ask.unread ? [ask.unread] : [])].join(' ')
      // Another account meanwhile: these are not its positions.
      if (shownProfileId() !== shown) return refuse(a, t('orders.positions.profileChanged'))
    }
    const { running, unread, choice } = ask
    await perhapsAsk(
      a,
      words,
      async () => {
        try {
          if (a === 'closePosition') {
            const r = await Promise.all(list.map((p) => positions.close(p)))
            told(
              r.every((x) => x.status === 'placed'),
              a,
              r.map((x) => t(`orders.ackStatus.${x.status}`)).join('; ')
            )
          } else if (a === 'reversePosition') {
            const r = await actions.reverse(list[0]!)
            told(r.open.status === 'placed', a, t(`orders.ackStatus.${r.open.status}`))
          } else {
            const stop = choice?.on ? running : []
            const r = await actions.closeAll(list, stop)
            const left = running.length - stop.length
            told(
              r.stops.every((x) => x.ok) && r.closes.every((x) => x.ok),
              a,
              [
                ...stopsSaid(r.stops, left),
                ...r.closes.map((x) => `${contractLabel(x.p.contractName)}: ${x.text}`)
              ].join('; ')
            )
          }
        } catch (e) {
          told(false, a, errorText(e))
        }
      },
      { choice, force: !!choice || !!unread }
    )
  }

  async function cancelAll(): Promise<void> {
    const [m, s] = [selection.module, selection.symbol]
    await perhapsAsk('cancelAll', t('hotkeys.ask.cancelAll', { market: market.value.label }), async () => {
      try {
        const r = await useTradingStore().cancelAll(m, s)
        told(true, 'cancelAll', t('hotkeys.cancelled', { n: r.length, market: market.value.label }))
      } catch (e) {
        told(false, 'cancelAll', errorText(e))
      }
    })
  }

  /** A trading hotkey pressed: refused in words unless armed. */
  async function run(a: TradingHotkey): Promise<void> {
    if (!armed.value) return refuse(a, t('hotkeys.notArmed'))
    if (a === 'cancelAll') return cancelAll()
    if (a === 'closePosition' || a === 'reversePosition' || a === 'flatten') return positionAction(a)
    return orderAction(a)
  }

  /** One-click trading: a limit at the clicked level's price; a bid buys, an ask sells. */
  async function clickLevel(side: 'bids' | 'asks', price: string, bookKey: string): Promise<void> {
    if (!armed.value) return refuse('oneClick', t('hotkeys.notArmed'))
    if (bookKey !== key.value) return refuse('oneClick', t('hotkeys.otherMarket'))
    return order('oneClick', side === 'bids' ? 'BUY' : 'SELL', price)
  }

  /**
   * The price ladder (panels/market/PriceLadder.vue): a limit at the clicked level with the market's preset size; a
   * bid buys, an ask sells. Through the same path as one-click, but unarmed too: it then always asks first.
   */
  async function ladderLevel(side: 'bids' | 'asks', price: string, bookKey: string): Promise<void> {
    if (bookKey !== key.value) return refuse('ladder', t('hotkeys.otherMarket'))
    return order('ladder', side === 'bids' ? 'BUY' : 'SELL', price)
  }

  return {
    armed,
    asking,
    ordering,
    sending,
    size,
    sizeUnit,
    marketKey: key,
    marketLabel: computed(() => market.value.label),
    arm: (on: boolean) => void (armed.value = on),
    setSize,
    asks,
    setAsk,
    answer,
    choose,
    confirmOrder,
    dropOrder,
    run,
    clickLevel,
    ladderLevel
  }
})

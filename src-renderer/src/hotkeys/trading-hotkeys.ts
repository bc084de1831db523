// Trading hotkeys and one-click trading. Both act only while the window is armed: off at every start (a window's
// state, never kept), armed from the top bar. Orders go through the order form's own path: the form is filled (side,
// type, price, the market's preset size) and its rules, guards, draft, confirmation and send run as for Submit, so
// nothing here sends an order of its own. A hotkey asks first unless the user turned its confirmation off in
// Settings (an order also only while order confirmations are on; stale prices and a guard that wants its tick always
// ask, as in the form). Cancel all, close, reverse and flatten go through the same stores as the orders and
// positions tables. Every refusal (not armed, no size preset, no best price, a rule) is told in words and sends
// nothing.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { compare, formatFixed, mul } from '@shared/decimal'
import { gatewayOf } from '@shared/module'
import { DEFAULT_HOTKEYS_PREFERENCE, type TradingHotkey } from '@shared/ipc/schemas/preferences-hotkeys'
import { protectedLimit } from '@shared/trading/market-estimate'
import { contractValue } from '@shared/trading/order-rules'
import { spotMarketName } from '@shared/trading/market-name'
import { contractLabel } from '../i18n/market-words'
import { t } from '../i18n'
import { useAnnouncerStore } from '../stores/announcer'
import { useFeedbackStore } from '../stores/feedback'
import { useInstrumentsStore } from '../stores/instruments'
import { marketKey } from '../stores/market-list'
import { useMarketPanelsStore, type MarketFeed } from '../stores/market-panels'
import { useOrderFormStore } from '../stores/order-form'
import { usePositionActionsStore } from '../stores/position-actions'
import { usePositionsStore, type PositionRow } from '../stores/positions'
import { usePreferencesStore } from '../stores/preferences'
import { useProfilesStore } from '../stores/profiles'
import { useSelectionStore } from '../stores/selection'
import { errorText, useTradingStore } from '../stores/trading'

/** An action waiting for the user's yes (HotkeyConfirm.vue shows it). */
export interface Asking {
  action: TradingHotkey
  words: string
  go: () => Promise<void>
}

type OrderAction = 'buyBid' | 'sellAsk' | 'buyMarket' | 'sellMarket'
/** A click on a price: a book level (one-click, armed only) or a ladder level (armed or not). */
type Clicked = 'oneClick' | 'ladder'

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
  function refuse(a: TradingHotkey | Clicked, why: string): void {
    const action = a === 'oneClick' ? t('hotkeys.oneClick') : a === 'ladder' ? t('ladder.order') : actionWords(a)
    feedback.warn(t('hotkeys.refused', { action }), why)
    announcer.say(why, true)
  }
  function told(ok: boolean, a: TradingHotkey, text: string): void {
    feedback[ok ? 'info' : 'warn'](actionWords(a), text)
  }
  /** Runs `go` at once, or after the user's yes when the action asks first. */
  async function perhapsAsk(a: TradingHotkey, words: string, go: () => Promise<void>): Promise<void> {
    if (asks(a)) asking.value = { action: a, words, go }
    else await go()
  }
  async function answer(yes: boolean): Promise<void> {
    const q = asking.value
    asking.value = null
    if (q && yes) await q.go()
  }

  /**
   * Fills the order form with one order of the preset size and sends it down the form's path. `price` for a limit;
   * a market order is sized as the form wants it (a spot buy or a futures open in what it is worth at the price it
   * may fill at, so the form's protected limit comes back to the preset size).
   */
  async function order(a: TradingHotkey | Clicked, side: 'BUY' | 'SELL', price: string | null): Promise<void> {
    const form = useOrderFormStore()
    const said = { market: market.value.label }
    if (!size.value) return refuse(a, t('hotkeys.noSize', said))
    const book = feed.value?.book.value
    const best = (side === 'BUY' ? book?.asks : book?.bids)?.[0]?.[0]
    if (price === null && !best) return refuse(a, t('hotkeys.noBest', said)) // a market order needs a book to bound
    form.trigger = 'none'
    form.tif = 'GTC'
    form.open = 'OPEN'
    form.side = side
    form.type = price === null ? 'MARKET' : 'LIMIT'
    if (price !== null) form.setPrice(price)
    form.setVolume(price === null && form.sizedInQuote ? worth(side, best!) : size.value)
    const refusal = form.blocker
    if (refusal) return refuse(a, refusal.message)
    const d = form.draft()
    const mustAsk = d.stale || d.guards.some((g) => g.ack)
    // The ladder unarmed always asks; armed, a click asks as one-click in the book does.
    const clicked = a === 'oneClick' || a === 'ladder'
    if (a === 'ladder' && !armed.value) form.confirming = d
    else if (mustAsk || (prefs.confirmOrders && (clicked || asks(a)) && d.kind !== 'test')) form.confirming = d
    else await form.send(d)
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
    const words = t(`hotkeys.ask.${a}`, { ...said, n: list.length, volume: list[0]!.volume })
    await perhapsAsk(a, words, async () => {
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
          const r = await actions.closeAll(list)
          told(
            r.every((x) => x.ok),
            a,
            r.map((x) => `${x.p.contractName}: ${x.text}`).join('; ')
          )
        }
      } catch (e) {
        told(false, a, errorText(e))
      }
    })
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
    size,
    sizeUnit,
    marketKey: key,
    marketLabel: computed(() => market.value.label),
    arm: (on: boolean) => void (armed.value = on),
    setSize,
    asks,
    setAsk,
    answer,
    run,
    clickLevel,
    ladderLevel
  }
})

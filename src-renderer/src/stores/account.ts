// The account as main polls it (account.onUpdate: balances, open orders, positions, futures account), and what
// only the user asks for (deposit and withdraw history). There is no private stream in the spec: main polls at a
// budgeted pace and at once after the user's own actions, so this store only follows the stream and says what
// it wants polled (the spot/margin symbols whose open orders the panels show). All of it is the window's
// profile's: the stream names it, a snapshot of another profile is dropped, and a switch empties everything before
// the new profile's first snapshot (views show "loading", never the old account).
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { add, compare, formatFixed, mul } from '@shared/decimal'
import type {
  AccountSnapshotView,
  BalanceView,
  DepositView,
  FuturesAccountView,
  OpenOrderView,
  PositionView,
  WithdrawView
} from '@shared/ipc/views/account'
import type { SpotModule } from '@shared/module'
import { wordsText } from '../i18n/words'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { onProfileSwitch, profileParam, shownProfileId } from './profile-scope'
import { streamOrder } from './stream-order'
import { errorText } from './trading'

export interface FundsFilter {
  asset?: string | undefined
  status?: number | undefined
  startTime?: number | undefined
  endTime?: number | undefined
}

export interface BalanceRow extends BalanceView {
  total: string
  /** Value of free + locked in USDT, null when the asset has no USDT market. */
  valueUsdt: string | null
}

const dp = (text: string): number => text.split('.')[1]?.length ?? 0

export const useAccountStore = defineStore('account', () => {
  const balances = shallowRef<BalanceView[] | null>(null)
  const openOrders = shallowRef<OpenOrderView[]>([])
  const positions = shallowRef<PositionView[] | null>(null)
  const futuresAccount = shallowRef<FuturesAccountView[] | null>(null)
  const updatedAt = ref<number | null>(null)
  const errors = ref<AccountSnapshotView['errors']>([])
  const streamError = ref<string | null>(null)
  /** Last price in USDT by asset, for balance values. */
  const pricesUsdt = ref<Record<string, string>>({ USDT: '1' })
  const spotWatch = ref<string[]>([])
  const marginWatch = ref<string[]>([])
  let off: (() => void) | null = null
  /** Snapshots of another profile, or not newer than the last shown, are dropped (stream-order.ts). */
  const order = streamOrder()

  function subscribe(): void {
    off?.()
    streamError.value = null
    const profileId = shownProfileId()
    // liveSubscribe brings the stream back after a dropped connection.
    off = liveSubscribe(
      'account.onUpdate',
      { ...profileParam(profileId), spotSymbols: spotWatch.value, marginSymbols: marginWatch.value, futures: true },
      (s) => {
        // Another account's (a stream named before the profile was known follows main's active one): never shown.
        if (!order.accept(s, profileId ?? shownProfileId())) return
        streamError.value = null
        if (s.balances) balances.value = s.balances
        openOrders.value = s.openOrders
        if (s.positions) positions.value = s.positions
        if (s.futuresAccount) futuresAccount.value = s.futuresAccount
        updatedAt.value = s.at
        errors.value = s.errors
      },
      { onEnd: (e) => (streamError.value = e ? errorText(e) : null) }
    )
  }

  /** Adds symbols whose open orders must be polled (at most 20 per module), resubscribing only on a change. */
  function watchSymbol(module: SpotModule, symbol: string): void {
    const list = module === 'spot' ? spotWatch : marginWatch
    if (!/^[a-z0-9]{2,32}$/.test(symbol)) return
    if (list.value.includes(symbol) && off) return
    if (!list.value.includes(symbol)) list.value = [symbol, ...list.value].slice(0, 20)
    subscribe()
  }

  /** Starts following the account (the futures part always; spot/margin open orders of watched symbols). */
  function start(): void {
    if (!off) subscribe()
  }

  /**
   * Why a part never loaded ("futuresAccount", "balances"...), for a view that has nothing else to show: in the
   * window's language when main sent it in catalog words.
   */
  const partError = (part: string): string | null => {
    const e = errors.value.find((x) => x.part === part)
    return e ? wordsText(e.words, e.message) : streamError.value
  }

  const free = (asset: string): string | undefined =>
    balances.value?.find((b) => b.asset.toUpperCase() === asset.toUpperCase())?.free

  async function loadPrices(spotSymbols: string[]): Promise<void> {
    const usdt = spotSymbols.filter((s) => s.endsWith('usdt')).slice(0, 20)
    if (!usdt.length) return
    const profileId = shownProfileId()
    const tickers = await terminal().invoke('market.tickers', {
      ...profileParam(profileId),
      module: 'spot',
      symbols: usdt
    })
    if (profileId !== shownProfileId()) return
    const next = { ...pricesUsdt.value }
    for (const t of tickers) next[t.symbol.slice(0, -4).toUpperCase()] = t.close
    pricesUsdt.value = next
  }

  const balanceRows = computed<BalanceRow[]>(() =>
    (balances.value ?? [])
      .map((b) => {
        // Written with as many decimals as the venue gave free and locked, so the column lines up.
        const total = formatFixed(add(b.free, b.locked), Math.max(dp(b.free), dp(b.locked)))
        const price = pricesUsdt.value[b.asset.toUpperCase()]
        return { ...b, total, valueUsdt: price ? mul(total, price) : null }
      })
      .sort((a, b) => compare(b.valueUsdt ?? '0', a.valueUsdt ?? '0'))
  )
  const totalUsdt = computed(() => balanceRows.value.reduce((s, r) => (r.valueUsdt ? add(s, r.valueUsdt) : s), '0'))

  // ---- deposit and withdraw history (on demand, with the venue's filters) ----
  const deposits = shallowRef<DepositView[]>([])
  const withdrawals = shallowRef<WithdrawView[]>([])
  const fundsError = ref<string | null>(null)
  const fundsLoading = ref(false)

  async function loadFunds(kind: 'deposits' | 'withdrawals', f: FundsFilter): Promise<void> {
    fundsLoading.value = true
    fundsError.value = null
    const input = {
      ...(f.asset ? { asset: f.asset.toUpperCase() } : {}),
      ...(f.status !== undefined ? { status: f.status } : {}),
      ...(f.startTime !== undefined ? { startTime: f.startTime } : {}),
      ...(f.endTime !== undefined ? { endTime: f.endTime } : {}),
      limit: 200
    }
    const profileId = shownProfileId()
    const mine = ++fundsSeq
    try {
      const list = await terminal().invoke(kind === 'deposits' ? 'account.deposits' : 'account.withdrawals', {
        ...profileParam(profileId),
        ...input
      })
      if (mine !== fundsSeq) return // a later load (another filter, another profile) owns the table
      if (kind === 'deposits') deposits.value = list
      else withdrawals.value = list as WithdrawView[]
    } catch (e) {
      if (mine === fundsSeq) fundsError.value = errorText(e)
    } finally {
      if (mine === fundsSeq) fundsLoading.value = false
    }
  }
  let fundsSeq = 0

  function stop(): void {
    off?.()
    off = null
  }

  // Another account: nothing of this one stays on screen; the stream is started again naming the new profile.
  onProfileSwitch(() => {
    balances.value = null
    openOrders.value = []
    positions.value = null
    futuresAccount.value = null
    updatedAt.value = null
    errors.value = []
    streamError.value = null
    pricesUsdt.value = { USDT: '1' }
    deposits.value = []
    withdrawals.value = []
    fundsError.value = null
    fundsSeq++
    fundsLoading.value = false
    if (off) subscribe()
  })

  return {
    balances,
    openOrders,
    positions,
    futuresAccount,
    updatedAt,
    errors,
    streamError,
    pricesUsdt,
    balanceRows,
    totalUsdt,
    deposits,
    withdrawals,
    fundsError,
    fundsLoading,
    spotWatch,
    marginWatch,
    start,
    stop,
    watchSymbol,
    partError,
    free,
    loadPrices,
    loadFunds
  }
})

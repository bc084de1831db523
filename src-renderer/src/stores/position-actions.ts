// Actions on whole positions beyond a close: reverse (close, then open the opposite side for the same size) and
// close all. Every order goes through main's order gateway (trading.placeOrder: a client order id, an unknown
// outcome reconciled before anything is resent), one at a time, so nothing is sent twice. A reverse opens only once
// the account shows the position closed: a close that filled in part, or whose outcome is not known, stops it there
// and says so. A market open is sized by its value on this venue, not in contracts; so the opposite side is an IOC
// limit of the same number of contracts at the slippage bound beyond the mark (Settings), and what it cannot fill
// at that price is cancelled by the venue, never chased.
import { defineStore } from 'pinia'
import { watch } from 'vue'
import { add, compare, div, formatFixed, mul, sub } from '@shared/decimal'
import type { AlgoView } from '@shared/ipc/views/algos'
import type { OrderAckView } from '@shared/ipc/views/trading'
import { contractLabel } from '../i18n/market-words'
import { checkFuturesOrder } from '@shared/trading/order-rules'
import { RefusalError } from '@shared/trading/refusal'
import { t } from '../i18n'
import { outcome, type Outcome } from '../i18n/outcome'
import { useAccountStore } from './account'
import { stopAlgos, type AlgoStop } from './algo-stops'
import { useInstrumentsStore } from './instruments'
import { usePositionsStore, type PositionRow } from './positions'
import { usePreferencesStore } from './preferences'
import { profileParam, shownProfileId } from './profile-scope'
import { errorText, useTradingStore } from './trading'

export interface CloseAllResult {
  /** Each algorithm the trader chose to stop first, and how that went. */
  stops: AlgoStop[]
  closes: (Outcome & { p: PositionRow })[]
}

/** A close order placed by an algorithm that has ended: main cancelled it with the algorithm. */
const stoppedChild = (stops: readonly AlgoStop[], o: { orderId: string; clientOrderId: string | null }): boolean =>
  stops.some(
    (s) =>
      s.ok &&
      s.algo.children.some(
        (c) => c.orderId === o.orderId || (o.clientOrderId !== null && c.clientOrderId === o.clientOrderId)
      )
  )

/** How long a reverse waits for the account to show the position closed before it gives up on the open. */
const CLOSED_WITHIN_MS = 15_000

export interface ReversePlan {
  side: 'BUY' | 'SELL'
  volume: string
  /** The IOC limit's price: the slippage bound beyond the mark. */
  price: string
  maxPct: string
}

export const usePositionActionsStore = defineStore('position-actions', () => {
  const account = useAccountStore()
  const positions = usePositionsStore()
  const instruments = useInstrumentsStore()
  const trading = useTradingStore()
  const prefs = usePreferencesStore()

  /** The opening order of a reverse, checked against the contract's rules before anything is sent. */
  function reversePlan(p: PositionRow): ReversePlan {
    const c = instruments.contractOf(p.contractName)
    if (!c)
      throw new RefusalError({
        rule: 'contract',
        field: 'symbol',
        message: t('orders.positions.rulesNotLoaded', { market: contractLabel(p.contractName) })
      })
    if (compare(p.mark, '0') <= 0)
      throw new RefusalError({
        rule: 'mark',
        field: 'price',
        message: t('orders.positions.noMark', { market: contractLabel(p.contractName) })
      })
    const side = p.side === 'BUY' ? ('SELL' as const) : ('BUY' as const)
    const maxPct = prefs.slippageGuard.maxPct
    const shift = div(mul(p.mark, maxPct), '100', c.pricePrecision + 8, 'half-even')
    // The bound itself, on the tick inside it: a buy at most mark + bound, a sell at least mark - bound.
    const price =
      side === 'BUY'
        ? formatFixed(add(p.mark, shift), c.pricePrecision, 'down')
        : formatFixed(sub(p.mark, shift), c.pricePrecision, 'up')
    const r = checkFuturesOrder(c, { side, type: 'LIMIT', volume: p.volume, open: 'OPEN', price, timeInForce: 'IOC' })
    if (r) throw new RefusalError(r)
    return { side, volume: p.volume, price, maxPct }
  }

  /**
   * Throws, sending nothing, once the window shows another profile than `pinned`: each send reads the shown profile
   * (trading.ts, positions.ts), so a step after a switch would act on the other account. Checked right before each
   * send, with no await between the check and the send's read of the profile.
   */
  function stillOn(pinned: string | null): void {
    if (shownProfileId() !== pinned) throw new Error(t('orders.positions.profileChanged'))
  }

  /** Resolves when the account no longer shows the position at its size (true), or after the wait (false). */
  function closed(p: PositionRow): Promise<boolean> {
    const gone = () =>
      !(account.positions ?? []).some((x) => x.id === p.id && x.status === 1 && compare(x.volume, '0') > 0)
    if (gone()) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), CLOSED_WITHIN_MS)
      const stop = watch(
        () => account.positions,
        () => gone() && finish(true)
      )
      function finish(v: boolean): void {
        clearTimeout(timer)
        stop()
        resolve(v)
      }
    })
  }

  async function reverse(p: PositionRow): Promise<{ close: OrderAckView; open: OrderAckView; plan: ReversePlan }> {
    const plan = reversePlan(p)
    const pinned = shownProfileId()
    const close = await positions.close(p)
    if (close.status !== 'placed')
      throw new Error(
        t('orders.positions.closeNoVerdict', { n: p.volume, status: t(`orders.ackStatus.${close.status}`) })
      )
    const gone = await closed(p)
    stillOn(pinned)
    if (!gone) {
      const left = (account.positions ?? []).find((x) => x.id === p.id)?.volume ?? p.volume
      throw new Error(t('orders.positions.stillShows', { left, n: p.volume }))
    }
    // The wait above reads the shown account's positions: after a switch it would read the other one's.
    stillOn(pinned)
    const open = await trading.place({
      ...profileParam(pinned),
      module: 'futures',
      symbol: p.contractName,
      positionType: p.positionType === 2 ? 2 : 1,
      side: plan.side,
      type: 'LIMIT',
      volume: plan.volume,
      price: plan.price,
      open: 'OPEN',
      timeInForce: 'IOC'
    })
    return { close, open, plan }
  }

  /**
   * Closes every listed position at market, one after the other; each answer or error is kept, in words. `stop`: the
   * algorithms still running on those contracts the trader chose to stop first (algo-stops.ts); a position whose
   * contract has one that did not stop is not closed (it could open it again).
   */
  async function closeAll(list: readonly PositionRow[], stop: readonly AlgoView[] = []): Promise<CloseAllResult> {
    const closes = []
    // The list is the account shown when it was confirmed: a switch meanwhile stops the rest, sending nothing more.
    const pinned = shownProfileId()
    const stops = stop.length ? await stopAlgos(stop, pinned) : []
    for (const p of list) {
      try {
        if (stops.some((s) => !s.ok && s.algo.symbol === p.contractName))
          throw new Error(t('orders.positions.algoKept'))
        // Its resting close orders hold contracts the venue will not close again: cancelled first (the confirmation
        // says so), and the position is not closed unless every one of them is. Those of an algorithm just stopped
        // were cancelled by main with it, though the poll may still show them.
        stillOn(pinned)
        const held = positions.closeOrdersOf(p).filter((o) => !stoppedChild(stops, o))
        let cancelled = 0
        for (const o of held) {
          stillOn(pinned)
          const c = await trading.cancel(o)
          if (c.status !== 'canceled') {
            const reason = t(`orders.ackStatus.${c.status}`)
            throw new Error(
              t('orders.positions.closeAllCancelFailed', {
                market: contractLabel(p.contractName),
                reason,
                cancelled,
                n: held.length
              })
            )
          }
          cancelled++
        }
        stillOn(pinned)
        const heldCancelled = positions.closeOrdersOf(p).length > 0
        const r = await positions.close(p, undefined, p.volume, { heldCancelled })
        closes.push(
          Object.assign(
            outcome(r.status === 'placed', () => t(`orders.ackStatus.${r.status}`)),
            { p }
          )
        )
      } catch (e) {
        closes.push(
          Object.assign(
            outcome(false, () => errorText(e)),
            { p }
          )
        )
      }
    }
    return { stops, closes }
  }

  return { reversePlan, reverse, closeAll }
})

// Orders being moved from the chart (trading.moveOrder: main cancels, then places what is still open), and positions'
// TP/SL legs (replaced through position-legs.ts). A move is one
// action on screen: its order shows "moving" until main answers with both steps known, then the outcome is told at
// once: moved as a success, anything else (filled first, not cancelled, the new order refused or still unknown) as a
// toast with the reason, which the notification center keeps. Moves belong to the shown profile: a switch takes
// them off the screen (main still finishes them; their verdicts reach that profile's notification center).
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { ContractError } from '@shared/ipc/contract-kit'
import type { MoveOrderView } from '@shared/ipc/views/trading'
import type { Module } from '@shared/module'
import type { PositionView } from '@shared/ipc/views/account'
import { RefusalError } from '@shared/trading/refusal'
import { t } from '../i18n'
import { wordsText } from '../i18n/words'
import { num } from '../lib/format'
import { terminal } from '../services/terminal'
import { useAnnouncerStore } from './announcer'
import { useFeedbackStore } from './feedback'
import { usePositionLegsStore, type PositionLeg } from './position-legs'
import { usePositionsStore } from './positions'
import { onProfileSwitch, profileParam, shownProfileId } from './profile-scope'
import { errorText } from './trading'

export interface Moving {
  orderId: string
  module: Module
  symbol: string
  /** The price it is moving to (decimal text, snapped to the tick). */
  price: string
  /** Its side, when the mover knows it (the ladder shows the order arriving at its new level). */
  side?: 'BUY' | 'SELL'
}

export const useOrderMovesStore = defineStore('order-moves', () => {
  const feedback = useFeedbackStore()
  const announcer = useAnnouncerStore()
  /** The shown profile's moves without an answer yet, by order id. */
  const moving = ref<Record<string, Moving>>({})
  onProfileSwitch(() => (moving.value = {}))

  function tell(v: MoveOrderView): void {
    // Main's words with its numbers as this window writes them (grouped, the market's decimals kept).
    const figures = { price: num(v.price), filled: num(v.filled), ...(v.volume ? { volume: num(v.volume) } : {}) }
    const title = wordsText({ key: v.words.key, params: { ...v.words.params, ...figures } }, v.outcome)
    if (v.outcome === 'moved' || v.outcome === 'moved-smaller') {
      feedback.orderNews('success', title)
      announcer.say(title)
      return
    }
    const reason = v.error ? errorText(new ContractError(v.error)) : ''
    if (v.error) feedback.error(new ContractError(v.error), title)
    else feedback.warn(title)
    announcer.say(reason ? `${title}: ${reason}` : title, true)
  }

  /** Moves an open order of the shown profile to `price`; resolves with main's answer (null: refused, told). */
  async function move(o: { module: Module; symbol: string; orderId: string; side?: 'BUY' | 'SELL' }, price: string) {
    if (moving.value[o.orderId]) return null // one move per order: main would refuse the second anyway
    const profile = shownProfileId()
    moving.value = { ...moving.value, [o.orderId]: { ...o, price } }
    const to = profileParam(profile)
    try {
      const v = await terminal().invoke(
        'trading.moveOrder',
        o.module === 'futures'
          ? {
              ...to,
              module: 'futures',
              symbol: o.symbol,
              orderId: o.orderId,
              price,
              positionType: usePositionsStore().marginModes[o.symbol] ?? 1
            }
          : { ...to, module: o.module, symbol: o.symbol, orderId: o.orderId, price }
      )
      if (profile === shownProfileId()) tell(v)
      return v
    } catch (e) {
      if (profile === shownProfileId()) {
        feedback.error(e, t('chartTrading.drag.refused'))
        announcer.say(`${t('chartTrading.drag.refused')}: ${errorText(e)}`, true)
      }
      return null
    } finally {
      if (profile === shownProfileId()) {
        const { [o.orderId]: _done, ...rest } = moving.value
        moving.value = rest
      }
    }
  }

  /**
   * Moves a position's TP/SL leg to a new trigger price through the positions table's own path (position-legs.ts:
   * the new leg placed first with the same checks, then the old one cancelled: never unprotected meanwhile).
   */
  async function moveLeg(p: PositionView, leg: PositionLeg, price: string): Promise<boolean> {
    if (moving.value[leg.id]) return false
    const profile = shownProfileId()
    moving.value = { ...moving.value, [leg.id]: { orderId: leg.id, module: 'futures', symbol: p.contractName, price } }
    const kind = t(`market.own.kinds.${leg.kind}`)
    try {
      const to = { triggerPrice: price, volume: leg.volume, ...(leg.price ? { price: leg.price } : {}) }
      await usePositionLegsStore().replace(p, leg, to)
      if (profile === shownProfileId()) {
        const said = t('chartTrading.drag.legMoved', { kind, price: num(price) })
        feedback.orderNews('success', said)
        announcer.say(said)
      }
      return true
    } catch (e) {
      if (profile === shownProfileId()) {
        const title = t('chartTrading.drag.legRefused', { kind })
        if (e instanceof RefusalError) feedback.warn(title, errorText(e))
        else feedback.error(e, title)
        announcer.say(`${title}: ${errorText(e)}`, true)
      }
      return false
    } finally {
      if (profile === shownProfileId()) {
        const { [leg.id]: _done, ...rest } = moving.value
        moving.value = rest
      }
    }
  }

  return { moving, move, moveLeg }
})

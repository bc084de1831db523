// An algorithm in words, the same in the Algo tab's confirmation and in the Algorithms panel: its kind, what it will
// run, its prices and its child orders. Numbers through lib/format (exact decimals, grouped).
import type { AlgoKindInput } from '@shared/ipc/schemas/algos'
import type { AlgoChildView } from '@shared/ipc/views/algos'
import { t } from '../../i18n'
import { num } from '../../lib/format'

/** What an algorithm is: its kind, side and numbers as typed (null or absent: a field it does not take). */
export interface AlgoTerms {
  kind: AlgoKindInput
  side: 'BUY' | 'SELL'
  quantity: string
  limitPrice?: string | null | undefined
  triggerPrice?: string | null | undefined
  stopLimitPrice?: string | null | undefined
  trailPercent?: string | null | undefined
  fireLate: boolean
}

export const kindText = (k: AlgoKindInput): string => t(`algoUi.kinds.${k}`)
export const sideText = (s: 'BUY' | 'SELL'): string => t(`algoUi.sides.${s}`)

const money = (v: string | null | undefined, unit: string): string => `${num(v)} ${unit}`.trim()

/** What will run, in sentences: the orders and their triggers, a trigger missed while closed, who runs it. */
export function runsText(a: AlgoTerms, base: string, quote: string): string[] {
  const side = t(`algoUi.sideIn.${a.side}`)
  const quantity = money(a.quantity, base)
  const trigger = money(a.triggerPrice, quote)
  const price = money(a.stopLimitPrice, quote)
  const run =
    a.kind === 'oco'
      ? t('algoUi.runs.oco', {
          side,
          quantity,
          limit: money(a.limitPrice, quote),
          trigger,
          stop: a.stopLimitPrice
            ? t('algoUi.runs.ocoStopLimit', { side, price })
            : t('algoUi.runs.ocoStopMarket', { side })
        })
      : a.kind === 'stop-market'
        ? t('algoUi.runs.stopMarket', { side, quantity, trigger })
        : a.kind === 'stop-limit'
          ? t('algoUi.runs.stopLimit', { side, quantity, trigger, price })
          : t('algoUi.runs.trailing', { side, quantity, pct: num(a.trailPercent) })
  return [run, t(a.fireLate ? 'algoUi.runs.lateOn' : 'algoUi.runs.lateOff'), t('algoUi.runs.byTerminal')]
}

/** Its prices, as the tab labels them: "Limit 70,000", "Trigger 60,000". */
export function termsOf(a: AlgoTerms): string[] {
  const parts: string[] = []
  if (a.limitPrice) parts.push(`${t('algoUi.limitPrice')} ${num(a.limitPrice)}`)
  if (a.triggerPrice) parts.push(`${t('algoUi.triggerPrice')} ${num(a.triggerPrice)}`)
  if (a.stopLimitPrice) parts.push(`${t('algoUi.stopLimitPrice')} ${num(a.stopLimitPrice)}`)
  if (a.trailPercent) parts.push(`${t('algoUi.trailPercent')} ${num(a.trailPercent)}%`)
  return parts
}

/** A child order: "stop leg limit sell 0.5 at 59,900 · open, filled 0.2". */
export function childText(c: AlgoChildView): string {
  const said = {
    role: t(`algoUi.roles.${c.role}`),
    type: t(c.type === 'LIMIT' ? 'algoUi.limitOrder' : 'algoUi.marketOrder', { side: t(`algoUi.sideIn.${c.side}`) }),
    volume: num(c.volume),
    price: num(c.price),
    state: t(`algoUi.childStates.${c.state}`),
    filled: num(c.filled)
  }
  return t(c.price ? 'algoUi.child' : 'algoUi.childMarket', said)
}

// An algorithm in words, the same in the Algo tab's confirmation and in the Algorithms panel: its kind, what it will
// run, its prices and its child orders. Numbers through lib/format (exact decimals, grouped).
import type { AlgoKindInput } from '@shared/ipc/schemas/algos'
import type { AlgoChildView } from '@shared/ipc/views/algos'
import type { Level } from '@shared/trading/scaled-levels'
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
  takeProfitPrice?: string | null | undefined
  visibleQuantity?: string | null | undefined
  durationSeconds?: number | null | undefined
  slices?: number | null | undefined
  jitter?: boolean | null | undefined
  fromPrice?: string | null | undefined
  toPrice?: string | null | undefined
  orders?: number | null | undefined
  sizing?: 'linear' | 'geometric' | null | undefined
  sizeFactor?: string | null | undefined
  maxDistancePercent?: string | null | undefined
  intervalSeconds?: number | null | undefined
  /** A chase's bound now (the tighter of its limit and its distance from the anchor): main's, in the panel only. */
  chaseBound?: string | null | undefined
  fireLate: boolean
}

/** The kinds that watch a trigger (a trigger missed while closed is theirs alone). */
const TRIGGERED = new Set<AlgoKindInput>(['oco', 'stop-market', 'stop-limit', 'trailing-stop', 'bracket'])

export const kindText = (k: AlgoKindInput): string => t(`algoUi.kinds.${k}`)
export const sideText = (s: 'BUY' | 'SELL'): string => t(`algoUi.sides.${s}`)

const money = (v: string | null | undefined, unit: string): string => `${num(v)} ${unit}`.trim()

/**
 * What will run, in sentences: the orders and their triggers, a scaled order's levels (as main lays them out), a
 * trigger missed while closed, who runs it.
 */
export function runsText(a: AlgoTerms, base: string, quote: string, levels: readonly Level[] = []): string[] {
  const side = t(`algoUi.sideIn.${a.side}`)
  const exit = t(`algoUi.sideIn.${a.side === 'BUY' ? 'SELL' : 'BUY'}`)
  const quantity = money(a.quantity, base)
  const trigger = money(a.triggerPrice, quote)
  const price = money(a.stopLimitPrice, quote)
  const limit = money(a.limitPrice, quote)
  const stopOf = (s: string) =>
    a.stopLimitPrice ? t('algoUi.runs.ocoStopLimit', { side: s, price }) : t('algoUi.runs.ocoStopMarket', { side: s })
  const lines: string[] = []
  switch (a.kind) {
    case 'oco':
      lines.push(t('algoUi.runs.oco', { side, quantity, limit, trigger, stop: stopOf(side) }))
      break
    case 'stop-market':
      lines.push(t('algoUi.runs.stopMarket', { side, quantity, trigger }))
      break
    case 'stop-limit':
      lines.push(t('algoUi.runs.stopLimit', { side, quantity, trigger, price }))
      break
    case 'trailing-stop':
      // A sell follows the highest price down; a buy (a futures close of a short) the lowest up.
      lines.push(
        t(a.side === 'BUY' ? 'algoUi.runs.trailingBuy' : 'algoUi.runs.trailing', {
          side,
          quantity,
          pct: num(a.trailPercent)
        })
      )
      break
    case 'bracket':
      lines.push(
        t('algoUi.runs.bracket', {
          side,
          exit,
          quantity,
          limit,
          takeProfit: money(a.takeProfitPrice, quote),
          trigger,
          stop: stopOf(exit)
        })
      )
      break
    case 'iceberg':
      lines.push(t('algoUi.runs.iceberg', { side, quantity, limit, visible: money(a.visibleQuantity, base) }))
      break
    case 'twap':
      lines.push(
        t('algoUi.runs.twap', {
          side,
          quantity,
          limit,
          slices: num(String(a.slices ?? '')),
          seconds: num(String(a.durationSeconds ?? ''))
        })
      )
      if (a.jitter) lines.push(t('algoUi.runs.twapJitter'))
      break
    case 'scaled':
      lines.push(
        t('algoUi.runs.scaled', {
          orders: String(a.orders ?? ''),
          side,
          quantity,
          from: money(a.fromPrice, quote),
          to: money(a.toPrice, quote),
          sizing: t(`algoUi.sizingIn.${a.sizing ?? 'linear'}`),
          factor: num(a.sizeFactor)
        })
      )
      levels.forEach((l, k) =>
        lines.push(t('algoUi.runs.level', { n: k + 1, volume: money(l.volume, base), price: money(l.price, quote) }))
      )
      break
    case 'chase': {
      const pct = num(a.maxDistancePercent)
      const bound =
        a.limitPrice && a.maxDistancePercent
          ? t('algoUi.runs.chaseBoth', { limit, pct })
          : a.limitPrice
            ? t('algoUi.runs.chaseLimit', { limit })
            : t('algoUi.runs.chaseDistance', { pct })
      lines.push(
        t('algoUi.runs.chase', {
          side,
          quantity,
          book: `algoUi.book.${a.side === 'BUY' ? 'bid' : 'ask'}`,
          interval: num(String(a.intervalSeconds ?? '')),
          bound
        })
      )
      break
    }
  }
  if (TRIGGERED.has(a.kind)) lines.push(t(a.fireLate ? 'algoUi.runs.lateOn' : 'algoUi.runs.lateOff'))
  return [...lines, t('algoUi.runs.byTerminal')]
}

/** Its prices, as the tab labels them: "Limit 70,000", "Trigger 60,000". */
export function termsOf(a: AlgoTerms): string[] {
  const parts: string[] = []
  // A bracket's limit is its entry, its trigger and stop limit its stop loss's.
  const label = (f: 'limitPrice' | 'triggerPrice' | 'stopLimitPrice') =>
    t(a.kind === 'bracket' ? `algoUi.bracket.${f}` : `algoUi.${f}`)
  if (a.limitPrice) parts.push(`${label('limitPrice')} ${num(a.limitPrice)}`)
  if (a.triggerPrice) parts.push(`${label('triggerPrice')} ${num(a.triggerPrice)}`)
  if (a.stopLimitPrice) parts.push(`${label('stopLimitPrice')} ${num(a.stopLimitPrice)}`)
  if (a.trailPercent) parts.push(`${t('algoUi.trailPercent')} ${num(a.trailPercent)}%`)
  if (a.takeProfitPrice) parts.push(`${t('algoUi.takeProfitPrice')} ${num(a.takeProfitPrice)}`)
  if (a.visibleQuantity) parts.push(`${t('algoUi.visibleQuantity')} ${num(a.visibleQuantity)}`)
  if (a.fromPrice && a.toPrice) parts.push(`${num(a.fromPrice)} – ${num(a.toPrice)}`)
  if (a.orders) parts.push(`${a.orders} ${t('algoUi.orderUnit')}`)
  if (a.slices && a.durationSeconds)
    parts.push(`${a.slices} ${t('algoUi.sliceUnit')} / ${num(String(a.durationSeconds))} ${t('algoUi.seconds')}`)
  if (a.maxDistancePercent) parts.push(`${t('algoUi.maxDistancePercent')} ${num(a.maxDistancePercent)}%`)
  // A chase's bound as main computes it (a distance is counted from the best price when it started).
  if (a.chaseBound) parts.push(`${t('algoUi.chaseBound')} ${num(a.chaseBound)}`)
  if (a.intervalSeconds)
    parts.push(`${t('algoUi.intervalSeconds')} ${num(String(a.intervalSeconds))} ${t('algoUi.seconds')}`)
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

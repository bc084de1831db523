// The trader's own lines on the candle chart in the window's words (charts/own-state-layer.ts draws them): orders,
// triggers, entry and liquidation, alerts, algorithms' levels, fill letters; prices and sizes grouped as the axis.
import type { OwnAlgoLevel } from './algo-lines'
import type { OwnWords } from './own-state-layer'
import { t } from '../i18n'
import { num } from '../lib/format'

const side = (s: 'BUY' | 'SELL'): string => t(`market.own.side.${s}`)

/** An algorithm's level: its kind and part, price (a stop-limit's limit, a trailing distance), size, side. */
function algoWords(a: OwnAlgoLevel): string {
  const line = t(`market.own.algo.${a.part}`, {
    price: num(a.price),
    limit: num(a.limit ?? ''),
    pct: num(a.pct ?? ''),
    n: a.n ?? 0,
    of: a.of ?? 0,
    side: side(a.side),
    qty: num(a.qty)
  })
  return a.paused ? t('market.own.paused', { line }) : line
}

export const ownWords: OwnWords = {
  order: (s, qty, price) => t('market.own.order', { side: side(s), qty: num(qty), price: num(price) }),
  trigger: (kind, s, qty, price) =>
    t('market.own.trigger', { kind: t(`market.own.kinds.${kind}`), side: side(s), qty: num(qty), price: num(price) }),
  entry: (s, qty, price) => t('market.own.entry', { side: side(s), qty: num(qty), price: num(price) }),
  liquidation: (price) => t('market.own.liquidation', { price: num(price) }),
  alert: (part, price, paused) => {
    const line = t(`market.own.alert.${part}`, { price: num(price) })
    return paused ? t('market.own.paused', { line }) : line
  },
  algo: algoWords,
  fillLetter: (s) => t(`market.own.fill.${s}`)
}

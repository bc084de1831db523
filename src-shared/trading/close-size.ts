// How much of a position a close, a TP/SL leg or a reverse may cover. These rules belong with the order rules in
// src-shared/trading (that folder was being edited by others when they were written: see the issue 12 report);
// they are pure and shared by the position row and by main's TP/SL keeper.
// - A close takes a typed quantity of contracts or a share of the position; either must land on the contract's
//   volume step and may not exceed the position. A share that falls between two steps is refused with both, never
//   rounded silently ("50% of 45 contracts is 22.5 contracts: 22 or 23").
// - A TP/SL leg never covers more than the position: after a partial close it is resized to what is left.
import { compare, countDecimals, div, formatFixed, mul, normalizeDecimal } from '../decimal'
import type { ContractView } from '../ipc/views/market'
import { contractMarketName } from './market-name'
import { volumeDecimals } from './order-rules'
import type { Words } from '../i18n/words'
import { ofContract, optionParams, orderWords, refusal, type Refusal } from './refusal'

export type CloseAmount = { kind: 'quantity'; volume: string } | { kind: 'percent'; percent: string }

const refuse = (rule: string, field: string, words: Words, fixes?: string[]): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: refusal(rule, field, words, fixes)
})

/** Contracts a close of `amount` takes from a position of `positionVolume` contracts, or the rule it breaks. */
export function closeVolume(
  c: ContractView,
  positionVolume: string,
  amount: CloseAmount,
  field = 'closeVolume'
): { ok: true; volume: string } | { ok: false; refusal: Refusal } {
  const m = contractMarketName(c.symbol)
  const places = volumeDecimals(c)
  let volume: string
  if (amount.kind === 'percent') {
    const p = amount.percent
    if (compare(p, '0') <= 0 || compare(p, '100') > 0)
      return refuse('closePercent', field, orderWords('order.close.percent', { pct: p }))
    volume = normalizeDecimal(
      div(mul(positionVolume, p), '100', countDecimals(positionVolume) + countDecimals(p) + 2, 'half-even')
    ) // exact: dividing by 100 adds two decimals at most
    if (countDecimals(volume) > places) {
      const down = formatFixed(volume, places, 'down')
      const up = formatFixed(volume, places, 'up')
      const fixes = [...(compare(down, '0') > 0 ? [down] : []), up]
      const said = { pct: p, position: positionVolume, volume, market: m, ...optionParams(fixes) }
      const r = refuse(
        'minOrderVolume',
        field,
        places === 0
          ? orderWords('order.close.shareWhole', said)
          : orderWords('order.close.shareSteps', { ...said, step: c.minOrderVolume }),
        fixes
      )
      return { ...r, refusal: ofContract(r.refusal, c.symbol) } // named in the window's language
    }
  } else {
    volume = amount.volume
    if (compare(volume, '0') <= 0) return refuse('closeVolume', field, orderWords('order.close.positive'))
  }
  if (compare(volume, positionVolume) > 0)
    return refuse('positionVolume', field, orderWords('order.close.tooMuch', { position: positionVolume, volume }), [
      positionVolume
    ])
  return { ok: true, volume }
}

/** The volume a TP/SL leg of `legVolume` must have on a position of `positionVolume`: null when it fits as it is. */
export function legResize(legVolume: string, positionVolume: string): string | null {
  return compare(legVolume, positionVolume) > 0 && compare(positionVolume, '0') > 0 ? positionVolume : null
}

// Inputs of the algorithm channels (algos.*), and the one reading of an algorithm's spec: the shape by zod (a
// field's rule in words), then the rules between fields (`readAlgoSpec`: an OCO's prices on the right sides, what
// each kind needs), refused in words naming the rule; nothing the user typed is rewritten.
import { z } from 'zod'
import { compare } from '../../decimal'
import type { Words } from '../../i18n/words'
import { obj, positiveDecimal, profileId, side, spotSymbol, withProfile } from './common'
import { rule } from './field-rule'

export const ALGO_KINDS = ['oco', 'stop-market', 'stop-limit', 'trailing-stop'] as const
export type AlgoKindInput = (typeof ALGO_KINDS)[number]

export const createAlgoInput = obj({
  ...withProfile,
  kind: z.enum(ALGO_KINDS, rule('oneOf', { values: ALGO_KINDS.join(', ') })),
  module: z.literal('spot', rule('oneOf', { values: "'spot'" })),
  symbol: spotSymbol,
  side,
  quantity: positiveDecimal,
  limitPrice: positiveDecimal.optional(),
  triggerPrice: positiveDecimal.optional(),
  stopLimitPrice: positiveDecimal.optional(),
  trailPercent: positiveDecimal.optional(),
  fireLate: z.boolean(rule('boolean'))
})
export type CreateAlgoInput = z.output<typeof createAlgoInput>

export const algoRef = obj({ ...withProfile, id: z.uuid(rule('idText')) })
export const algosOfProfile = obj({ profileId: profileId.optional() })

export type AlgoSpecReading =
  | { ok: true }
  | {
      ok: false
      field: string
      words: Words
    }

/** The kinds that use each optional field. */
const USES: Record<'limitPrice' | 'triggerPrice' | 'stopLimitPrice' | 'trailPercent', readonly AlgoKindInput[]> = {
  limitPrice: ['oco'],
  triggerPrice: ['oco', 'stop-market', 'stop-limit'],
  stopLimitPrice: ['oco', 'stop-limit'],
  trailPercent: ['trailing-stop']
}

const needs = (kind: string, field: string): AlgoSpecReading => ({
  ok: false,
  field,
  words: { key: 'algos.refuse.needs', params: { kind, field } }
})

/** The rules between an algorithm's fields (the shape is the schema's). */
export function readAlgoSpec(i: Omit<CreateAlgoInput, 'profileId'>): AlgoSpecReading {
  const { kind } = i
  // A price the kind would not use is refused, never dropped in silence.
  const unused = (Object.keys(USES) as (keyof typeof USES)[]).find((f) => i[f] !== undefined && !USES[f].includes(kind))
  if (unused)
    return { ok: false, field: unused, words: { key: 'algos.refuse.unused', params: { kind, field: unused } } }
  if (kind === 'oco') {
    if (!i.limitPrice) return needs(kind, 'limitPrice')
    if (!i.triggerPrice) return needs(kind, 'triggerPrice')
    const c = compare(i.limitPrice, i.triggerPrice)
    if (i.side === 'SELL' ? c <= 0 : c >= 0)
      return {
        ok: false,
        field: 'limitPrice',
        words: {
          key: i.side === 'SELL' ? 'algos.refuse.ocoSell' : 'algos.refuse.ocoBuy',
          params: { limit: i.limitPrice, trigger: i.triggerPrice }
        }
      }
    // The stop leg of a buy OCO is a limit: a spot market buy cannot be sized in the base asset.
    if (i.side === 'BUY' && !i.stopLimitPrice) return needs(kind, 'stopLimitPrice')
  }
  if (kind === 'stop-market' || kind === 'stop-limit') {
    if (!i.triggerPrice) return needs(kind, 'triggerPrice')
  }
  if (kind === 'stop-limit' && !i.stopLimitPrice) return needs(kind, 'stopLimitPrice')
  if (kind === 'trailing-stop') {
    if (!i.trailPercent) return needs(kind, 'trailPercent')
    if (compare(i.trailPercent, '100') >= 0)
      return { ok: false, field: 'trailPercent', words: { key: 'algos.refuse.trailRange' } }
  }
  if ((kind === 'stop-market' || kind === 'trailing-stop') && i.side === 'BUY')
    return { ok: false, field: 'side', words: { key: 'algos.refuse.marketBuy', params: { kind } } }
  return { ok: true }
}

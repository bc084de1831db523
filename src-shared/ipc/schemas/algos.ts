// Inputs of the algorithm channels (algos.*), and the one reading of an algorithm's spec: the shape by zod (a
// field's rule in words), then the rules between fields (`readAlgoSpec`: an OCO's prices on the right sides, what
// each kind needs), refused in words naming the rule; nothing the user typed is rewritten.
import { z } from 'zod'
import { compare } from '../../decimal'
import type { Words } from '../../i18n/words'
import { contractName, obj, positionType, positiveDecimal, profileId, side, spotSymbol, withProfile } from './common'
import { rule } from './field-rule'

export const ALGO_KINDS = [
  'oco',
  'stop-market',
  'stop-limit',
  'trailing-stop',
  'bracket',
  'iceberg',
  'twap',
  'scaled',
  'chase'
] as const
export type AlgoKindInput = (typeof ALGO_KINDS)[number]

export const createAlgoInput = obj({
  ...withProfile,
  kind: z.enum(ALGO_KINDS, rule('oneOf', { values: ALGO_KINDS.join(', ') })),
  module: z.enum(['spot', 'futures'], rule('either', { a: 'spot', b: 'futures' })),
  /** The spot symbol or the futures contract (which of them the module says: readAlgoSpec). */
  symbol: z
    .string(rule('spotSymbolText'))
    .refine((v) => spotSymbol.safeParse(v).success || contractName.safeParse(v).success, rule('spotSymbol')),
  /** Futures: whether its orders open or close a position (a CLOSE only reduces: it never opens the other way). */
  open: z.enum(['OPEN', 'CLOSE'], rule('either', { a: 'OPEN', b: 'CLOSE' })).optional(),
  /** Futures: 1 cross, 2 isolated margin. */
  positionType: positionType.optional(),
  side,
  quantity: positiveDecimal,
  limitPrice: positiveDecimal.optional(),
  triggerPrice: positiveDecimal.optional(),
  stopLimitPrice: positiveDecimal.optional(),
  trailPercent: positiveDecimal.optional(),
  takeProfitPrice: positiveDecimal.optional(),
  visibleQuantity: positiveDecimal.optional(),
  durationSeconds: z
    .int(rule('whole'))
    .min(1, rule('atLeast', { min: 1 }))
    .max(604_800, rule('atMost', { max: 604_800 }))
    .optional(),
  slices: z
    .int(rule('whole'))
    .min(2, rule('atLeast', { min: 2 }))
    .max(1000, rule('atMost', { max: 1000 }))
    .optional(),
  jitter: z.boolean(rule('boolean')).optional(),
  fromPrice: positiveDecimal.optional(),
  toPrice: positiveDecimal.optional(),
  orders: z
    .int(rule('whole'))
    .min(2, rule('atLeast', { min: 2 }))
    .max(100, rule('atMost', { max: 100 }))
    .optional(),
  sizing: z.enum(['linear', 'geometric'], rule('either', { a: 'linear', b: 'geometric' })).optional(),
  sizeFactor: positiveDecimal.optional(),
  maxDistancePercent: positiveDecimal.optional(),
  intervalSeconds: z
    .int(rule('whole'))
    .min(1, rule('atLeast', { min: 1 }))
    .max(3600, rule('atMost', { max: 3600 }))
    .optional(),
  fireLate: z.boolean(rule('boolean'))
})
export type CreateAlgoInput = z.output<typeof createAlgoInput>

export const algoRef = obj({ ...withProfile, id: z.uuid(rule('idText')) })
/**
 * A safe edit of a running or paused algorithm: the fields given change (which each kind lets change: main's
 * src-main/algos/edits.ts), read as a create reads them; the total and what was sent never change.
 */
export const editAlgoInput = obj({
  ...withProfile,
  id: z.uuid(rule('idText')),
  limitPrice: positiveDecimal.optional(),
  triggerPrice: positiveDecimal.optional(),
  stopLimitPrice: positiveDecimal.optional(),
  trailPercent: positiveDecimal.optional(),
  visibleQuantity: positiveDecimal.optional(),
  maxDistancePercent: positiveDecimal.optional(),
  intervalSeconds: z
    .int(rule('whole'))
    .min(1, rule('atLeast', { min: 1 }))
    .max(3600, rule('atMost', { max: 3600 }))
    .optional()
})
export type EditAlgoInput = z.output<typeof editAlgoInput>
export const algosOfProfile = obj({ profileId: profileId.optional() })

export type AlgoSpecReading =
  | { ok: true }
  | {
      ok: false
      field: string
      words: Words
    }

type OptionalField = Exclude<
  keyof CreateAlgoInput,
  'profileId' | 'kind' | 'module' | 'symbol' | 'side' | 'quantity' | 'open' | 'positionType'
>

/**
 * The kinds that run on futures (another would be refused there in words): every one now. Their children are futures
 * limits, or market orders that close (a futures market OPEN is sized in money, not contracts: refused, see
 * `marketUnsized`).
 */
export const FUTURES_ALGO_KINDS: readonly AlgoKindInput[] = [
  'twap',
  'iceberg',
  'bracket',
  'chase',
  'scaled',
  'oco',
  'stop-market',
  'stop-limit',
  'trailing-stop'
]

/**
 * The kinds that use each optional field, and what it is to them:
 * - limitPrice: an OCO's limit, a bracket's entry;
 * - triggerPrice: the last price that fires a stop (a bracket's stop loss);
 * - stopLimitPrice: the limit of the order a stop sends (without it a SELL stop sends a market order);
 * - trailPercent: how far a trailing stop follows behind the best last price;
 * - takeProfitPrice: a bracket's take-profit limit;
 * - visibleQuantity: the most an iceberg's limit shows at a time;
 * - durationSeconds, slices, jitter: a TWAP's duration (whole seconds, at most a week), its number of slices (2 to
 *   1000, at least a second apart), and whether their times are moved by a random part of half an interval;
 * - fromPrice, toPrice, orders, sizing, sizeFactor: a scaled order's range (its first and last limit), number of
 *   limits (2 to 100), and sizes: linear (each the first's plus `sizeFactor - 1` times the first more than the one
 *   before) or geometric (each `sizeFactor` times the one before); 1 gives equal sizes;
 * - maxDistancePercent, intervalSeconds: how far a chase may follow from the best price when it started (percent;
 *   with limitPrice, the tighter bound), and the least time between two of its moves (1 to 3600 whole seconds).
 */
const USES: Record<Exclude<OptionalField, 'fireLate'>, readonly AlgoKindInput[]> = {
  limitPrice: ['oco', 'bracket', 'iceberg', 'twap', 'chase'],
  triggerPrice: ['oco', 'stop-market', 'stop-limit', 'bracket'],
  stopLimitPrice: ['oco', 'stop-limit', 'bracket'],
  trailPercent: ['trailing-stop'],
  takeProfitPrice: ['bracket'],
  visibleQuantity: ['iceberg'],
  durationSeconds: ['twap'],
  slices: ['twap'],
  jitter: ['twap'],
  fromPrice: ['scaled'],
  toPrice: ['scaled'],
  orders: ['scaled'],
  sizing: ['scaled'],
  sizeFactor: ['scaled'],
  maxDistancePercent: ['chase'],
  intervalSeconds: ['chase']
}

/** A kind and a field named in words (linked in as `@:{kind}`, `@:{field}`): the form's label, not the code name. */
export const kindWord = (kind: string): string => `algoUi.kindIn.${kind}`
export const fieldWord = (field: string): string => `algoUi.what.${field}`

const needs = (kind: string, field: string): AlgoSpecReading => ({
  ok: false,
  field,
  words: { key: 'algos.refuse.needs', params: { kind: kindWord(kind), field: fieldWord(field) } }
})

/** The rules between an algorithm's fields (the shape is the schema's). */
export function readAlgoSpec(i: Omit<CreateAlgoInput, 'profileId'>): AlgoSpecReading {
  const { kind } = i
  const market = readMarket(i)
  if (!market.ok) return market
  // A price the kind would not use is refused, never dropped in silence.
  const unused = (Object.keys(USES) as (keyof typeof USES)[]).find((f) => i[f] !== undefined && !USES[f].includes(kind))
  if (unused)
    return {
      ok: false,
      field: unused,
      words: { key: 'algos.refuse.unused', params: { kind: kindWord(kind), field: fieldWord(unused) } }
    }
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
    // The stop leg of a buy OCO (a futures opening one) is a limit: a market order would not be sized in its quantity.
    if (marketUnsized(i) && !i.stopLimitPrice) return needs(kind, 'stopLimitPrice')
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
  if (kind === 'bracket') return readBracket(i)
  if (kind === 'chase') {
    if (!i.limitPrice && !i.maxDistancePercent)
      return { ok: false, field: 'limitPrice', words: { key: 'algos.refuse.chaseBound' } }
    if (i.maxDistancePercent && compare(i.maxDistancePercent, '100') >= 0)
      return { ok: false, field: 'maxDistancePercent', words: { key: 'algos.refuse.distanceRange' } }
    if (i.intervalSeconds === undefined) return needs(kind, 'intervalSeconds')
  }
  if (kind === 'scaled') {
    for (const f of ['fromPrice', 'toPrice', 'orders', 'sizing', 'sizeFactor'] as const)
      if (i[f] === undefined) return needs(kind, f)
    if (compare(i.fromPrice!, i.toPrice!) === 0)
      return {
        ok: false,
        field: 'toPrice',
        words: { key: 'algos.refuse.scaledRange', params: { price: i.fromPrice! } }
      }
  }
  if (kind === 'twap') {
    if (!i.limitPrice) return needs(kind, 'limitPrice')
    if (i.durationSeconds === undefined) return needs(kind, 'durationSeconds')
    if (i.slices === undefined) return needs(kind, 'slices')
    if (i.slices > i.durationSeconds)
      return {
        ok: false,
        field: 'slices',
        words: { key: 'algos.refuse.twapSlices', params: { slices: i.slices, seconds: i.durationSeconds } }
      }
  }
  if (kind === 'iceberg') {
    if (!i.limitPrice) return needs(kind, 'limitPrice')
    if (!i.visibleQuantity) return needs(kind, 'visibleQuantity')
    if (compare(i.visibleQuantity, i.quantity) > 0)
      return {
        ok: false,
        field: 'visibleQuantity',
        words: { key: 'algos.refuse.visibleAbove', params: { visible: i.visibleQuantity, total: i.quantity } }
      }
  }
  if ((kind === 'stop-market' || kind === 'trailing-stop') && marketUnsized(i))
    return i.module === 'futures'
      ? { ok: false, field: 'open', words: { key: 'algos.refuse.marketOpen', params: { kind: kindWord(kind) } } }
      : { ok: false, field: 'side', words: { key: 'algos.refuse.marketBuy', params: { kind: kindWord(kind) } } }
  return { ok: true }
}

/**
 * Whether a market order of the spec's own side would not be sized in its quantity: a spot market BUY is sized in the
 * quote asset, a futures market OPEN in money (a futures market CLOSE is in contracts, either side).
 */
const marketUnsized = (i: Pick<CreateAlgoInput, 'module' | 'side' | 'open'>): boolean =>
  i.module === 'futures' ? i.open === 'OPEN' : i.side === 'BUY'

/**
 * The symbol as its module names it (a spot symbol, a futures contract); on futures only the kinds that run there, each
 * with its open or close and margin mode said (never guessed); on spot neither of those.
 */
function readMarket(i: Omit<CreateAlgoInput, 'profileId'>): AlgoSpecReading {
  const symbol = (i.module === 'futures' ? contractName : spotSymbol).safeParse(i.symbol)
  if (!symbol.success)
    return { ok: false, field: 'symbol', words: { key: 'algos.refuse.symbolOfModule', params: { symbol: i.symbol } } }
  if (i.module === 'spot') {
    const futuresOnly = (['open', 'positionType'] as const).find((f) => i[f] !== undefined)
    return futuresOnly
      ? { ok: false, field: futuresOnly, words: { key: 'algos.refuse.futuresOnly', params: { field: futuresOnly } } }
      : { ok: true }
  }
  if (!FUTURES_ALGO_KINDS.includes(i.kind))
    return {
      ok: false,
      field: 'kind',
      words: { key: 'algos.refuse.notOnFutures', params: { kind: kindWord(i.kind) } }
    }
  if (i.open === undefined) return { ok: false, field: 'open', words: { key: 'algos.refuse.futuresOpen' } }
  if (i.positionType === undefined)
    return { ok: false, field: 'positionType', words: { key: 'algos.refuse.futuresMargin' } }
  // A bracket's entry opens and its exits close what it opened: it is never a close itself.
  if (i.kind === 'bracket' && i.open !== 'OPEN')
    return { ok: false, field: 'open', words: { key: 'algos.refuse.bracketOpens' } }
  return { ok: true }
}

/**
 * A bracket: a BUY's take profit above its entry and its stop loss below it (a SELL's the other way round); on spot a
 * SELL's stop loss buys back, so it needs a limit price (a spot market buy is sized in the quote asset; a futures
 * market CLOSE is in contracts, so there it may go at the market).
 */
function readBracket(i: Omit<CreateAlgoInput, 'profileId'>): AlgoSpecReading {
  const { kind } = i
  if (!i.limitPrice) return needs(kind, 'limitPrice')
  if (!i.takeProfitPrice) return needs(kind, 'takeProfitPrice')
  if (!i.triggerPrice) return needs(kind, 'triggerPrice')
  const sign = i.side === 'BUY' ? 1 : -1
  const params = { entry: i.limitPrice, takeProfit: i.takeProfitPrice, trigger: i.triggerPrice }
  const key = i.side === 'BUY' ? 'algos.refuse.bracketBuy' : 'algos.refuse.bracketSell'
  if (compare(i.takeProfitPrice, i.limitPrice) !== sign)
    return { ok: false, field: 'takeProfitPrice', words: { key, params } }
  if (compare(i.triggerPrice, i.limitPrice) !== -sign)
    return { ok: false, field: 'triggerPrice', words: { key, params } }
  if (i.module === 'spot' && i.side === 'SELL' && !i.stopLimitPrice) return needs(kind, 'stopLimitPrice')
  return { ok: true }
}

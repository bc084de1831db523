// An algorithm typed in the order form's Algo tab, read as the order form reads an order: each number as typed
// (src-shared/trading/number-input.ts: never rewritten; a sign, an exponent, letters or spaces inside are refused in
// words), greater than 0, a count or a time in whole numbers within the schema's range, the rules between fields as
// main reads them (readAlgoSpec), then every order the algorithm may send held to the symbol's rules (checkSpotOrder:
// ticks, steps, minimums, as main checks them before it creates one). The first broken rule names the form's own
// field and says it in the form's words.
import { compare, div, mul, normalizeDecimal, sub } from '@shared/decimal'
import { ALGO_KINDS, readAlgoSpec, type AlgoKindInput } from '@shared/ipc/schemas/algos'
import type { SpotSymbolView } from '@shared/ipc/views/market'
import { readNumber } from '@shared/trading/number-input'
import { checkSpotOrder } from '@shared/trading/order-rules'
import { spotMarketName } from '@shared/trading/market-name'
import { decimals, nameOf, orderWords, refusal, refusalOf, type Refusal } from '@shared/trading/refusal'
import { scaledLevels, type Level } from '@shared/trading/scaled-levels'
import type { AlgoSpecInput } from './algos'

/** The Algo tab's typed fields: decimals, and whole numbers (seconds, slices, orders). */
export type AlgoField =
  | 'quantity'
  | 'limitPrice'
  | 'triggerPrice'
  | 'stopLimitPrice'
  | 'trailPercent'
  | 'takeProfitPrice'
  | 'visibleQuantity'
  | 'durationSeconds'
  | 'slices'
  | 'fromPrice'
  | 'toPrice'
  | 'orders'
  | 'sizeFactor'
  | 'maxDistancePercent'
  | 'intervalSeconds'

export const ALGO_FIELDS: readonly AlgoField[] = [
  'quantity',
  'limitPrice',
  'triggerPrice',
  'stopLimitPrice',
  'trailPercent',
  'takeProfitPrice',
  'visibleQuantity',
  'durationSeconds',
  'slices',
  'fromPrice',
  'toPrice',
  'orders',
  'sizeFactor',
  'maxDistancePercent',
  'intervalSeconds'
]

/** The kinds the Algo tab fills in: all of them. */
export const FORM_KINDS = ALGO_KINDS
export type FormKind = AlgoKindInput

/** The whole-number fields and their range (the schema's: src-shared/ipc/schemas/algos.ts). */
export const WHOLE: Partial<Record<AlgoField, { min: number; max: number }>> = {
  durationSeconds: { min: 1, max: 604_800 },
  slices: { min: 2, max: 1000 },
  orders: { min: 2, max: 100 },
  intervalSeconds: { min: 1, max: 3600 }
}

/** The Algo tab's fields as typed. */
export type AlgoTyped = Record<AlgoField, string> & {
  kind: FormKind
  side: 'BUY' | 'SELL'
  /** TWAP: random slice times. */
  jitter: boolean
  /** Scaled: how sizes grow. */
  sizing: 'linear' | 'geometric'
  fireLate: boolean
}

/** The fields each kind takes, in the order the tab shows them. */
export const FIELDS_OF: Record<FormKind, readonly AlgoField[]> = {
  oco: ['limitPrice', 'triggerPrice', 'stopLimitPrice', 'quantity'],
  'stop-market': ['triggerPrice', 'quantity'],
  'stop-limit': ['triggerPrice', 'stopLimitPrice', 'quantity'],
  'trailing-stop': ['trailPercent', 'quantity'],
  bracket: ['limitPrice', 'takeProfitPrice', 'triggerPrice', 'stopLimitPrice', 'quantity'],
  iceberg: ['limitPrice', 'visibleQuantity', 'quantity'],
  twap: ['limitPrice', 'durationSeconds', 'slices', 'quantity'],
  scaled: ['fromPrice', 'toPrice', 'orders', 'sizeFactor', 'quantity'],
  chase: ['limitPrice', 'maxDistancePercent', 'intervalSeconds', 'quantity']
}

/** The kinds that watch a trigger: only they can miss one while the terminal is closed (fire late). */
export const TRIGGER_KINDS: ReadonlySet<FormKind> = new Set([
  'oco',
  'stop-market',
  'stop-limit',
  'trailing-stop',
  'bracket'
])

/**
 * Fields that may stay empty: an OCO's stop-limit price where its stop may go at the market (sized in the quantity: a
 * spot sell, a futures close), a bracket's where its stop loss may (a spot buy's sells; a futures bracket's closes,
 * either side), a chase's limit and distance (at least one: readAlgoSpec says so).
 */
export const optionalField = (
  kind: AlgoKindInput,
  side: 'BUY' | 'SELL',
  f: AlgoField,
  module: 'spot' | 'futures' = 'spot',
  open: 'OPEN' | 'CLOSE' = 'OPEN'
): boolean =>
  (kind === 'oco' && (module === 'futures' ? open === 'CLOSE' : side === 'SELL') && f === 'stopLimitPrice') ||
  (kind === 'bracket' && (side === 'BUY' || module === 'futures') && f === 'stopLimitPrice') ||
  (kind === 'chase' && (f === 'limitPrice' || f === 'maxDistancePercent'))

/** The key naming a field in a refusal (linked in as `@:{what}`). */
export const algoWhat = (f: AlgoField): string => `algoUi.what.${f}`

/** Each field's label. */
const LABEL = {
  quantity: 'algoUi.quantity',
  limitPrice: 'algoUi.limitPrice',
  triggerPrice: 'algoUi.triggerPrice',
  stopLimitPrice: 'algoUi.stopLimitPrice',
  trailPercent: 'algoUi.trailPercent',
  takeProfitPrice: 'algoUi.takeProfitPrice',
  visibleQuantity: 'algoUi.visibleQuantity',
  durationSeconds: 'algoUi.durationSeconds',
  slices: 'algoUi.slices',
  fromPrice: 'algoUi.fromPrice',
  toPrice: 'algoUi.toPrice',
  orders: 'algoUi.orders',
  sizeFactor: 'algoUi.sizeFactor',
  maxDistancePercent: 'algoUi.maxDistancePercent',
  intervalSeconds: 'algoUi.intervalSeconds'
} as const satisfies Record<AlgoField, `algoUi.${AlgoField}`>
/** A bracket's limit is its entry, its trigger and stop limit its stop loss's. */
const BRACKET_LABEL = {
  limitPrice: 'algoUi.bracket.limitPrice',
  triggerPrice: 'algoUi.bracket.triggerPrice',
  stopLimitPrice: 'algoUi.bracket.stopLimitPrice'
} as const

/** The key of a field's label, as the kind names it. */
export const labelKey = (
  kind: FormKind,
  f: AlgoField
): (typeof LABEL)[AlgoField] | (typeof BRACKET_LABEL)[keyof typeof BRACKET_LABEL] =>
  kind === 'bracket' && (f === 'limitPrice' || f === 'triggerPrice' || f === 'stopLimitPrice')
    ? BRACKET_LABEL[f]
    : LABEL[f]

export interface AlgoReading {
  /** The spec to send, when every rule holds. */
  spec: AlgoSpecInput | null
  /** The first broken rule ('required' while a field is still empty). */
  refusal: Refusal | null
  /** How a field's text was read when it is not plain ("1,234.5" -> "1234.5"). */
  readAs: Partial<Record<AlgoField, string>>
  /** A scaled order's levels (price and size), as main will lay them out. */
  levels?: Level[]
}

/** A refusal of an order rule said of the form's field: its name, its words naming it, its fixes when they fit it. */
export function asField(r: Refusal, f: AlgoField, fixesFit: boolean, what = algoWhat(f)): Refusal {
  const params = { ...r.words?.params, what }
  const fixes = fixesFit ? r.fixes : undefined
  return r.words ? refusal(r.rule, f, { ...r.words, params }, fixes) : { ...r, field: f }
}

/** A whole number within its range, else the rule in words (a decimal point, even "5.0", is not a whole number). */
function readWhole(f: AlgoField, value: string): Refusal | null {
  const range = WHOLE[f]!
  if (value.includes('.')) return refusal('whole', f, { key: 'algoUi.rule.whole', params: { what: algoWhat(f) } })
  if (compare(value, String(range.min)) < 0 || compare(value, String(range.max)) > 0)
    return refusal('range', f, { key: 'algoUi.rule.range', params: { what: algoWhat(f), ...range } })
  return null
}

/** The typed fields the kind takes, each read as the order form reads a number (an optional one left empty skipped). */
export function readFields(
  typed: AlgoTyped,
  module: 'spot' | 'futures' = 'spot',
  open: 'OPEN' | 'CLOSE' = 'OPEN'
): { ok: true; values: Partial<Record<AlgoField, string>>; readAs: AlgoReading['readAs'] } | AlgoReading {
  const readAs: AlgoReading['readAs'] = {}
  const values: Partial<Record<AlgoField, string>> = {}
  const out = (refused: Refusal): AlgoReading => ({ spec: null, refusal: refused, readAs })
  let empty: Refusal | null = null
  for (const f of FIELDS_OF[typed.kind]) {
    const text = typed[f]
    if (optionalField(typed.kind, typed.side, f, module, open) && text.trim() === '') continue
    const r = readNumber(text, f, algoWhat(f))
    if (!r.ok) {
      if (r.refusal.rule !== 'required') return out(r.refusal)
      empty ??= r.refusal
      continue
    }
    if (r.readAs !== null) readAs[f] = r.readAs
    if (compare(r.value, '0') <= 0)
      return out(refusal('positive', f, orderWords('order.rule.positive', { what: algoWhat(f) })))
    const whole = WHOLE[f] ? readWhole(f, r.value) : null
    if (whole) return out(whole)
    values[f] = r.value
  }
  if (empty) return out(empty)
  return { ok: true, values, readAs }
}

/**
 * What a spec takes from the tab alike on spot and futures: the kind and side, the values (counts and seconds as
 * numbers, the rest as decimal text), a TWAP's jitter, a scaled order's sizing, firing late only for a kind that
 * triggers. The caller adds the market.
 */
export function typedSpec(
  typed: AlgoTyped,
  values: Partial<Record<AlgoField, string>>
): Record<string, string | number | boolean> {
  const { kind, side, fireLate } = typed
  const numbers: Record<string, string | number> = {}
  for (const [f, v] of Object.entries(values)) numbers[f] = WHOLE[f as AlgoField] ? Number(v) : v
  return {
    kind,
    side,
    ...numbers,
    ...(kind === 'twap' ? { jitter: typed.jitter } : {}),
    ...(kind === 'scaled' ? { sizing: typed.sizing } : {}),
    fireLate: TRIGGER_KINDS.has(kind) && fireLate
  }
}

export function readAlgoForm(typed: AlgoTyped, symbol: string, s: SpotSymbolView | undefined): AlgoReading {
  const read = readFields(typed)
  if (!('ok' in read)) return read
  const { values, readAs } = read
  const out = (refused: Refusal): AlgoReading => ({ spec: null, refusal: refused, readAs })
  if (!s) return out(refusal('symbol', 'symbol', orderWords('order.check.loading', { symbol })))
  const { kind } = typed
  const spec = { module: 'spot', symbol, ...typedSpec(typed, values) } as AlgoSpecInput
  const between = readAlgoSpec(spec)
  if (!between.ok) return out(refusal('algo-rule', between.field, between.words))
  const market = spotMarketName(s)
  // A trigger is compared with last prices: held to the price's ticks, as the futures form holds its trigger.
  const trigger = values.triggerPrice
  const tick =
    trigger &&
    refusalOf(() =>
      decimals(trigger, s.pricePrecision, 'triggerPrice', 'triggerPrice', market, 'pricePrecision', {
        coin: s.quoteAsset
      })
    )
  if (tick) return out(asField(tick, 'triggerPrice', true))
  let levels: Level[] | undefined
  if (kind === 'scaled') {
    const laid = scaledLevels(spec, s)
    if (!laid.ok) return out(refusal('algo-rule', 'orders', laid.words))
    levels = laid.levels
  }
  for (const c of childrenOf(spec, s.quantityPrecision, levels ?? [])) {
    const r = checkSpotOrder(s, c.order)
    if (!r) continue
    const isPrice = nameOf(r.field) === 'price'
    const f = isPrice ? c.priceField : c.volumeField
    // The fixes are values of the child's own price or size: offered only when the field holds exactly that.
    const own = isPrice ? c.order.price : c.order.volume
    const what = !isPrice && c.sizeWhat ? `algoUi.what.${c.sizeWhat}` : algoWhat(f)
    return out(asField(r, f, own !== undefined && own === values[f], what))
  }
  return { spec, refusal: null, readAs, ...(levels ? { levels } : {}) }
}

export interface Child {
  order: { side: 'BUY' | 'SELL'; type: 'LIMIT' | 'MARKET'; volume: string; price?: string }
  /** The form's field a refusal of its price, or of its size, is shown at. */
  priceField: AlgoField
  volumeField: AlgoField
  /** Its size named when it is not a field's own value (a slice, a level). */
  sizeWhat?: 'lastSlice' | 'eachSlice' | 'twapLastSlice' | 'level'
}

/**
 * The orders a spec may send (as main checks them: its algorithm service's childrenOf); `precision`: the decimals of
 * the market's sizes (a spot symbol's quantity precision, a contract's volume decimals).
 */
export function childrenOf(s: AlgoSpecInput, precision: number, levels: readonly Level[]): Child[] {
  const out: Child[] = []
  const exit = s.side === 'BUY' ? 'SELL' : 'BUY'
  const limit = (
    price: string,
    priceField: AlgoField,
    volume = s.quantity,
    volumeField: AlgoField = 'quantity',
    side = s.side
  ): Child => ({ order: { side, type: 'LIMIT', volume, price }, priceField, volumeField })
  const market = (side: 'BUY' | 'SELL'): Child => ({
    order: { side, type: 'MARKET', volume: s.quantity },
    priceField: 'quantity',
    volumeField: 'quantity'
  })
  switch (s.kind) {
    case 'bracket':
      out.push(
        limit(s.limitPrice!, 'limitPrice'),
        limit(s.takeProfitPrice!, 'takeProfitPrice', s.quantity, 'quantity', exit)
      )
      out.push(
        s.stopLimitPrice ? limit(s.stopLimitPrice, 'stopLimitPrice', s.quantity, 'quantity', exit) : market(exit)
      )
      return out
    case 'chase':
      // Its price follows the book: the bound it may reach is what is checked (its size is the total).
      if (s.limitPrice) out.push(limit(s.limitPrice, 'limitPrice'))
      return out
    case 'scaled':
      // A level's price comes from the range; a level's size from the total.
      for (const l of levels) out.push({ ...limit(l.price, 'fromPrice', l.volume), sizeWhat: 'level' })
      return out
    case 'twap': {
      // Every slice is at least the first (what a slice leaves is carried into the next): the first is checked, and
      // the last, which takes what the others leave over (it may be other than the first).
      const first = normalizeDecimal(div(s.quantity, String(s.slices!), precision, 'down'))
      out.push({ ...limit(s.limitPrice!, 'limitPrice', first), sizeWhat: 'eachSlice' })
      const last = normalizeDecimal(sub(s.quantity, mul(first, String(s.slices! - 1))))
      if (compare(last, first) !== 0)
        out.push({ ...limit(s.limitPrice!, 'limitPrice', last), sizeWhat: 'twapLastSlice' })
      return out
    }
    case 'iceberg': {
      // The visible slice, and the last one (what the total leaves over whole slices), must each pass the rules.
      out.push(limit(s.limitPrice!, 'limitPrice', s.visibleQuantity!, 'visibleQuantity'))
      const whole = div(s.quantity, s.visibleQuantity!, 0, 'down')
      const last = normalizeDecimal(sub(s.quantity, mul(s.visibleQuantity!, whole)))
      if (compare(last, '0') > 0) out.push({ ...limit(s.limitPrice!, 'limitPrice', last), sizeWhat: 'lastSlice' })
      return out
    }
    default:
      if (s.kind === 'oco' && s.limitPrice) out.push(limit(s.limitPrice, 'limitPrice'))
      // Without a stop-limit price its stop goes at the market (readAlgoSpec allows it only where that is sized in the
      // quantity: a spot sell, a futures close).
      if (s.stopLimitPrice) out.push(limit(s.stopLimitPrice, 'stopLimitPrice'))
      else out.push(market(s.side))
      return out
  }
}

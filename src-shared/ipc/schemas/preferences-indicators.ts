// The candle chart's indicators as preferences keep them: one setting per indicator, a market's list, and the lists
// by market key. Kept by the profile (preferences.ts `indicators`, a market's default set) and by a named layout
// (preferences-layouts.ts, the arrangement's own sets). Apart from preferences.ts so the layouts' schema can use them
// without importing the file that imports it.
import { z } from 'zod'
import { rule } from './field-rule'
import { obj } from './common'

/** `spot:btcusdt` or `futures:E-BTC-USDT`: a market of the profile's venue. */
export const marketKey = z
  .string(rule('marketKeyText'))
  .regex(/^(?:spot:[a-z0-9]{2,32}|futures:[A-Z0-9]{1,16}(?:-[A-Z0-9]{1,16}){0,4})$/, rule('marketKey'))

/**
 * The chart's indicators (src-renderer/src/indicators/catalog.ts defines each; a unit test pins the two lists equal).
 */
export const INDICATOR_KINDS = [
  'sma',
  'ema',
  'wma',
  'bb',
  'vwap',
  'psar',
  'kc',
  'dc',
  'supertrend',
  'rsi',
  'macd',
  'kdj',
  'atr',
  'obv',
  'cci',
  'mfi',
  'adx'
] as const
/** Indicators at most on one market's chart. */
export const MAX_INDICATORS = 12
/**
 * One indicator on a chart: its kind, its parameters in the catalog's order (each kind's own bounds are the
 * catalog's; here only a sane range) and a colour per line it draws.
 */
export const indicatorSetting = obj({
  kind: z.enum(INDICATOR_KINDS, rule('oneOf', { values: INDICATOR_KINDS.join(', ') })),
  params: z
    .array(
      z
        .number(rule('number'))
        .min(0.001, rule('atLeast', { min: 0.001 }))
        .max(1000, rule('atMost', { max: 1000 }))
    )
    .max(4, rule('entriesAtMost', { max: 4 })),
  colours: z
    .array(z.string(rule('colourText')).regex(/^#[0-9a-f]{6}$/i, rule('colour')))
    .min(1, rule('notEmpty'))
    .max(4, rule('entriesAtMost', { max: 4 }))
})
export type IndicatorSetting = z.output<typeof indicatorSetting>

/** One market's indicators, in the order they were added. */
export const marketIndicators = z
  .array(indicatorSetting)
  .max(MAX_INDICATORS, rule('indicatorsAtMost', { max: MAX_INDICATORS }))

/** Indicator lists by market key, at most `max` markets; a bad key is refused with the key's rule in words. */
export const indicatorsByMarket = (max: number) =>
  z
    .record(marketKey, marketIndicators, {
      error: (iss) => (iss.code === 'invalid_key' ? rule('marketKeyKeys') : undefined)
    })
    .refine((r) => Object.keys(r).length <= max, rule('entriesAtMost', { max }))

// Inputs of the price-alert channels, and the one reading of what the user typed into an alert (the panel checks as
// the user types, main checks again before anything is stored). Typed values travel as the text typed and are read
// like the order form's numbers (trading/number-input.ts): never rewritten, refused with the rule in words.
import { z } from 'zod'
import { compare } from '../../decimal'
import { readNumber } from '../../trading/number-input'
import { refusal, type Refusal } from '../../trading/refusal'
import type { WordParams } from '../../i18n/words'
import type { AlertRuleView } from '../views/alerts'
import { obj, profileId, tradeRef, withProfile } from './common'
import { rule } from './field-rule'

/** A move alert's window, in whole minutes: one minute to one day. */
export const WINDOW_MINUTES = { min: 1, max: 1440 } as const
/** A move of more than this percent in one window is a typo, not an alert. */
export const MAX_PERCENT = '1000'

const typed = z.string(rule('string')).max(64, rule('maxChars', { max: 64 }))
const direction = z.enum(['up', 'down', 'either'], rule('oneOfThree', { a: 'up', b: 'down', c: 'either' }))

export const alertRuleInput = z.discriminatedUnion(
  'kind',
  [
    obj({ kind: z.literal('cross'), level: typed, direction }),
    obj({ kind: z.literal('move'), percent: typed, windowMinutes: typed, direction }),
    obj({
      kind: z.literal('channel'),
      low: typed,
      high: typed,
      on: z.enum(['enter', 'leave', 'either'], rule('oneOfThree', { a: 'enter', b: 'leave', c: 'either' }))
    })
  ],
  {
    error: (iss) =>
      iss.code === 'invalid_union' ? rule('oneOfThree', { a: 'cross', b: 'move', c: 'channel' }) : undefined
  }
)
export type AlertRuleInput = z.output<typeof alertRuleInput>

const source = z.enum(['last', 'mark', 'index'], rule('oneOfThree', { a: 'last', b: 'mark', c: 'index' }))
const repeat = z.enum(['once', 'every'], rule('either', { a: 'once', b: 'every' }))

export const createAlertInput = tradeRef({ source, rule: alertRuleInput, repeat })
export type CreateAlertInput = z.output<typeof createAlertInput>

const alertId = z.uuid(rule('idText'))

/** Edit (a new rule, source or repeat: the alert is armed again), pause (`paused: true`) or resume. */
export const updateAlertInput = obj({
  ...withProfile,
  id: alertId,
  source: source.optional(),
  rule: alertRuleInput.optional(),
  repeat: repeat.optional(),
  paused: z.boolean(rule('boolean')).optional()
})
export type UpdateAlertInput = z.output<typeof updateAlertInput>

export const alertRef = obj({ ...withProfile, id: alertId })
export const alertsOfProfile = obj({ profileId: profileId.optional() })

export type AlertKey = `alerts.${string}`
const words = (key: AlertKey, params?: WordParams) => (params ? { key, params } : { key })

/** A typed price (or percent) read as the order form reads it, then refused unless greater than 0. */
function positive(
  text: string,
  field: string,
  what: AlertKey
): { ok: true; value: string } | { ok: false; refusal: Refusal } {
  const r = readNumber(text, field, what)
  if (!r.ok) return r
  if (compare(r.value, '0') <= 0)
    return { ok: false, refusal: refusal('positive', field, words('alerts.refuse.positive', { what })) }
  return { ok: true, value: r.value }
}

export type RuleReading = { ok: true; rule: AlertRuleView } | { ok: false; refusal: Refusal }

/** Reads an alert's rule as typed; the first broken rule is refused, naming the alert rule and the field. */
export function readAlertRule(input: AlertRuleInput): RuleReading {
  const fail = (r: Refusal): RuleReading => ({ ok: false, refusal: r })
  switch (input.kind) {
    case 'cross': {
      const level = positive(input.level, 'rule.level', 'alerts.what.level')
      return level.ok ? { ok: true, rule: { kind: 'cross', level: level.value, direction: input.direction } } : level
    }
    case 'move': {
      const pct = positive(input.percent, 'rule.percent', 'alerts.what.percent')
      if (!pct.ok) return pct
      if (compare(pct.value, MAX_PERCENT) > 0)
        return fail(
          refusal(
            'percentMax',
            'rule.percent',
            words('alerts.refuse.atMost', { what: 'alerts.what.percent', max: MAX_PERCENT })
          )
        )
      const w = readNumber(input.windowMinutes, 'rule.windowMinutes', 'alerts.what.window')
      if (!w.ok) return w
      const minutes = /^\d+$/.test(w.value) ? Number(w.value) : NaN
      if (!(minutes >= WINDOW_MINUTES.min && minutes <= WINDOW_MINUTES.max))
        return fail(
          refusal(
            'window',
            'rule.windowMinutes',
            words('alerts.refuse.window', { what: 'alerts.what.window', ...WINDOW_MINUTES })
          )
        )
      return {
        ok: true,
        rule: { kind: 'move', percent: pct.value, windowMinutes: minutes, direction: input.direction }
      }
    }
    case 'channel': {
      const low = positive(input.low, 'rule.low', 'alerts.what.low')
      if (!low.ok) return low
      const high = positive(input.high, 'rule.high', 'alerts.what.high')
      if (!high.ok) return high
      if (compare(low.value, high.value) >= 0)
        return fail(
          refusal('channel', 'rule.high', words('alerts.refuse.lowBelowHigh', { low: low.value, high: high.value }))
        )
      return { ok: true, rule: { kind: 'channel', low: low.value, high: high.value, on: input.on } }
    }
  }
}

/** Mark and index prices are a futures contract's: refused for a spot or margin market, in words naming the rule. */
export function sourceRefusal(module: string, symbol: string, source: 'last' | 'mark' | 'index'): Refusal | null {
  if (source === 'last' || module === 'futures') return null
  return refusal(
    'source',
    'source',
    words('alerts.refuse.futuresOnly', {
      source: `alerts.sources.${source}`,
      symbol,
      module: `common.modules.${module}`
    })
  )
}

/** An alert's rule in catalog words ("Last price crosses 70,000 up"); `n` writes each number for the reader. */
export function alertRuleWords(
  source: 'last' | 'mark' | 'index',
  rule: AlertRuleView,
  n: (decimal: string) => string = (x) => x
): { key: AlertKey; params: WordParams } {
  const s = `alerts.sourceNames.${source}`
  switch (rule.kind) {
    case 'cross':
      return {
        key: 'alerts.describe.cross',
        params: { source: s, level: n(rule.level), direction: `alerts.directions.${rule.direction}` }
      }
    case 'move':
      return {
        key: 'alerts.describe.move',
        params: {
          source: s,
          percent: n(rule.percent),
          minutes: rule.windowMinutes,
          direction: `alerts.directions.${rule.direction}`
        }
      }
    case 'channel':
      return {
        key: 'alerts.describe.channel',
        params: { source: s, on: `alerts.channelEvents.${rule.on}`, low: n(rule.low), high: n(rule.high) }
      }
  }
}

// A size in at most `room` characters, for the ladder's narrow columns (a docked ladder is about 250 px wide): the
// exact text when it fits; else rounded to fewer decimals (exactly, half-even); else counted in the language's
// thousands or 万 (Intl's compact form, given the decimal text, never a float); a size too small for any of that
// shows as under the smallest step that fits ("<0.001"). `exact` is false when what shows is not the whole size: the
// cell then says so and its title and words keep the size whole. A character counts as a digit's width (tabular
// digits; points and commas are narrower).
import { compare } from '@shared/decimal'
import { locale } from '../../../i18n'
import { compact, fixDecimals, group } from '../../../lib/format'

/** Intl formats decimal text exactly (a string, not a float: ES2023 Intl.NumberFormat). */
type DecimalText = Intl.StringNumericLiteral

export interface FittedSize {
  text: string
  exact: boolean
}

export function fitSize(q: string, room: number): FittedSize {
  const whole = compact(q, '1000000')
  if (whole.length <= room) return { text: whole, exact: true }
  const dot = q.indexOf('.')
  const decimals = dot < 0 ? 0 : q.length - dot - 1
  for (let d = decimals - 1; d >= 0; d--) {
    const r = fixDecimals(q, d)
    if (compare(r, '0') === 0) break
    const text = group(r)
    if (text.length <= room) return { text, exact: false }
  }
  if (compare(q, '1') >= 0) {
    let text = q
    for (let d = 2; d >= 0; d--) {
      text = new Intl.NumberFormat(locale(), { notation: 'compact', maximumFractionDigits: d }).format(q as DecimalText)
      if (text.length <= room) break
    }
    return { text, exact: false }
  }
  // Under one, and every rounding that fits is zero: "<0.001" says how small ("<" counts two: it is wider).
  const d = Math.max(1, room - 4)
  return { text: `<${group(`0.${'0'.repeat(d - 1)}1`)}`, exact: false }
}

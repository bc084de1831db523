// What a number field of an order holds, read exactly as typed. The field's text is never rewritten: it is read
// into a plain decimal (the value checked and sent) or refused with the rule it breaks, in words. Understood
// without changing the number: full-width digits, point and comma (a Chinese IME types them; nothing else is folded:
// superscripts, circled or other scripts' digits are refused), spaces around the number, thousands commas in groups
// of three ("1,234.5"), ".5" and "5.". Refused: any sign, exponents, a comma that is not a thousands separator ("1,5"
// may mean 1.5 or 15), spaces inside, letters, a second point, more than 30 digits (fractional zeros included).
import { normalizeDecimal } from '../decimal'
import { orderWords, refusal, type OrderKey, type Refusal } from './refusal'

export type NumberReading =
  | {
      ok: true
      value: string
      /** How the text was read when it is not already plain ("1,234.5" -> "1234.5"). */ readAs: string | null
    }
  | { ok: false; refusal: Refusal }

/** More digits than any price or size of a venue carries: a paste gone wrong, refused before any arithmetic. */
const MAX_DIGITS = 30
const PLAIN = /^\d*\.?\d*$/
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/

/**
 * Reads `text` typed into `field` ('price', 'orders.2.volume'); `what` names it in messages: the key of its words
 * ('order.what.price'), or words a caller has no key for yet, told as they are. An empty field is refused as
 * 'required'. Zero passes here: it is the rules' to refuse ("greater than 0").
 */
export function readNumber(text: string, field: string, what: string): NumberReading {
  const refuse = (rule: string, key: OrderKey, params: Record<string, string | number> = {}, fixes?: string[]) =>
    ({ ok: false, refusal: refusal(rule, field, orderWords(key, { what, ...params }), fixes) }) as const
  // Only the full-width forms an IME types are folded (U+FF10-FF19, point, comma, plus, minus, ideographic space).
  const t = text.replace(/[\uFF10-\uFF19\uFF0E\uFF0C\uFF0B\uFF0D\u3000]/g, (c) => FULL_WIDTH[c] ?? c).trim()
  if (t === '') return refuse('required', 'order.rule.required')
  if (/^[-+\u2212\u2010-\u2015\uFE63\uFE62]/.test(t)) return refuse('sign', 'order.input.sign')
  if (/^(\d+\.?\d*|\.\d+)e[-+]?\d+$/i.test(t)) {
    const full = expand(t)
    return full
      ? refuse('exponent', 'order.input.exponentIs', { text: t, full }, [full])
      : refuse('exponent', 'order.input.exponent')
  }
  // A character that is no digit says more than a space does ("65,000.50 USDT" is refused for its "U").
  const bad = t.match(/[^0-9.,\s]/u)
  if (bad)
    return /[\p{C}\p{Z}]/u.test(bad[0])
      ? refuse('format', 'order.input.invisible', { code: codePoint(bad[0]) })
      : refuse('format', 'order.input.character', { char: bad[0] })
  if (/\s/.test(t)) return refuse('format', 'order.input.spaces')
  if ((t.match(/\./g) ?? []).length > 1) return refuse('format', 'order.input.twoPoints')
  let plain = t
  if (t.includes(',')) {
    if (!GROUPED.test(t)) {
      const dotted = /^\d+,\d+$/.test(t) ? t.replace(',', '.') : null
      return dotted
        ? refuse('separator', 'order.input.commaMeant', { dotted }, [dotted])
        : refuse('separator', 'order.input.comma')
    }
    plain = t.replace(/,/g, '')
  }
  if (!PLAIN.test(plain) || plain === '.') return refuse('format', 'order.input.digits')
  // Leading zeros of the whole part are free; zeros after the point count (0.000…01 is as long as it looks).
  if (plain.replace(/^0+/, '').replace('.', '').length > MAX_DIGITS)
    return refuse('format', 'order.input.tooLong', { max: MAX_DIGITS })
  // Leading zeros go (JSON has none); trailing ones stay: "0.10" is sent as typed, and counts 1 decimal in the rules.
  const value = (plain.startsWith('.') ? `0${plain}` : plain.endsWith('.') ? plain.slice(0, -1) : plain).replace(
    /^0+(?=\d)/,
    ''
  )
  return { ok: true, value, readAs: value === text ? null : value }
}

const FULL_WIDTH: Record<string, string> = {
  '\uFF0E': '.',
  '\uFF0C': ',',
  '\uFF0B': '+',
  '\uFF0D': '-',
  '\u3000': ' ',
  ...Object.fromEntries([...'0123456789'].map((d, n) => [String.fromCharCode(0xff10 + n), d]))
}

/** A character that cannot be seen, by its code point (U+200B). */
const codePoint = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`

/** 1e3 -> "1000", 2.5E-3 -> "0.0025"; null when it would be longer than a number field takes. */
function expand(t: string): string | null {
  const [m = '', e = '0'] = t.toLowerCase().split('e')
  const exp = Number(e)
  if (Math.abs(exp) + m.length > MAX_DIGITS) return null
  const [int = '', frac = ''] = m.split('.')
  const digits = `${int}${frac}`
  const point = int.length + exp
  const whole =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? `${digits}${'0'.repeat(point - digits.length)}`
        : `${digits.slice(0, point)}.${digits.slice(point)}`
  // "00.5e3" is 500: a decimal is never written with leading zeros (and normalizeDecimal refuses them)
  return normalizeDecimal(whole.replace(/^0+(?=\d)/, ''))
}

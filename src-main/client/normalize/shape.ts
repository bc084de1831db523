// A tiny schema language for normalizing lossless-parsed JSON into the client's shapes. Each field names its kind;
// the converter accepts every representation live venues use for that kind (JSON number or string, an id as a
// one-element array) and yields one: decimals and ids as exact text, integers as numbers. Fields a schema does not
// name are kept, with numbers as their exact text, so nothing a venue adds is lost or rounded.
import { formatFixed } from '../../../src-shared/decimal'
import { JsonNumber, type LosslessValue } from '../../../src-shared/json/lossless-json'

export type Kind = 'dec' | 'id' | 'int' | 'str' | 'bool' | 'ids' | 'decs'
export interface Schema {
  readonly [field: string]: Kind | Schema | readonly [Schema]
}

/** Compile-time completeness: a schema for T must name every field of T with a kind of the right family. */
export type SchemaOf<T> = { readonly [K in keyof T]-?: FieldSchema<NonNullable<T[K]>> }
type FieldSchema<V> = [V] extends [string]
  ? 'dec' | 'id' | 'str'
  : [V] extends [number]
    ? 'int'
    : [V] extends [boolean]
      ? 'bool'
      : [V] extends [readonly (infer E)[]]
        ? [E] extends [string]
          ? 'ids' | 'decs'
          : readonly [SchemaOf<E>]
        : SchemaOf<V>

type Plain = unknown
const INT_RE = /^-?\d+$/

export function isObject(v: unknown): v is { [k: string]: LosslessValue } {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JsonNumber)
}

/** Exact decimal text; exponent notation (1E-7, from a venue's float printer) is rewritten in plain digits. */
export function decText(v: LosslessValue | undefined): Plain {
  const t = v instanceof JsonNumber ? v.text : v
  if (typeof t !== 'string') return t ?? null
  if (t.includes('e') || t.includes('E')) {
    try {
      return formatFixed(t)
    } catch {
      return t
    }
  }
  return t
}

/** Id as a string; a JSON number id is taken from its exact text, a one-element array is unwrapped. */
export function idText(v: LosslessValue | undefined): Plain {
  if (Array.isArray(v) && v.length === 1) return idText(v[0])
  if (v instanceof JsonNumber) return v.text
  return v ?? null
}

/** Integer (timestamps, codes): a number when the text is a safe integer, else the text (never rounded). */
export function intValue(v: LosslessValue | undefined): Plain {
  const t = v instanceof JsonNumber ? v.text : v
  if (typeof t === 'string' && INT_RE.test(t.trim())) {
    const n = Number(t)
    return Number.isSafeInteger(n) ? n : t
  }
  return t ?? null
}

function boolValue(v: LosslessValue | undefined): Plain {
  if (v === 'true' || (v instanceof JsonNumber && v.text === '1')) return true
  if (v === 'false' || (v instanceof JsonNumber && v.text === '0')) return false
  return v ?? null
}

/** Generic conversion of an unnamed field: structure kept, numbers as exact text. */
export function plain(v: LosslessValue | undefined): Plain {
  if (v instanceof JsonNumber) return v.text
  if (Array.isArray(v)) return v.map(plain)
  if (isObject(v)) {
    const out: Record<string, Plain> = {}
    for (const k of Object.keys(v)) out[k] = plain(v[k])
    return out
  }
  return v ?? null
}

function field(kind: Schema[string], v: LosslessValue | undefined): Plain {
  if (typeof kind === 'string') {
    switch (kind) {
      case 'dec':
        return decText(v)
      case 'id':
        return idText(v)
      case 'int':
        return intValue(v)
      case 'str':
        return v instanceof JsonNumber ? v.text : (v ?? null)
      case 'bool':
        return boolValue(v)
      case 'ids':
        return asList(v).map(idText)
      case 'decs':
        return asList(v).map(decText)
    }
  }
  if (Array.isArray(kind)) return asList(v).map((item) => shape(item, (kind as readonly [Schema])[0]))
  return shape(v, kind as Schema)
}

/**
 * A list from any of the live shapes: the array itself, `{"list": [...]}` (some spot lists), or null / absent
 * (an empty futures list answered as `data: null`).
 */
export function asList(v: LosslessValue | undefined): LosslessValue[] {
  if (Array.isArray(v)) return v
  if (v === null || v === undefined) return []
  if (isObject(v) && Array.isArray(v['list'])) return v['list'] as LosslessValue[]
  return [v]
}

/** Converts one object by its schema; unnamed fields are kept with numbers as exact text. */
export function shape(v: LosslessValue | undefined, schema: Schema): Plain {
  if (!isObject(v)) return plain(v)
  const out: Record<string, Plain> = {}
  for (const k of Object.keys(v)) {
    const kind = schema[k]
    out[k] = kind === undefined ? plain(v[k]) : field(kind, v[k])
  }
  return out
}

export const list =
  (schema: Schema) =>
  (v: LosslessValue | undefined): Plain =>
    asList(v).map((item) => shape(item, schema))
export const one =
  (schema: Schema) =>
  (v: LosslessValue | undefined): Plain =>
    shape(v, schema)
/** A map of name to resource (all_ticker) or name to decimal (get_all_indexPrice). */
export const mapOf =
  (conv: (v: LosslessValue | undefined) => Plain) =>
  (v: LosslessValue | undefined): Plain => {
    const out: Record<string, Plain> = {}
    if (isObject(v)) for (const k of Object.keys(v)) out[k] = conv(v[k])
    return out
  }

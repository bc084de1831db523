// Client-side validation of call parameters against the catalog's ParamDef (required / requiredWhen / type /
// bounds / enum values, nested batch items): a bad call is refused with a ClientValidationError naming the field
// and the rule, and nothing is sent. The output is the cleaned parameter set in catalog order, with every value in
// its wire form: decimals and longs as JsonNumber (exact text), ids as digit strings, integers as safe numbers.
import type { EndpointDef, ParamDef } from '../../src-shared/api/types'
import { DecimalError, parseDecimal } from '../../src-shared/decimal'
import { JsonNumber } from '../../src-shared/json/lossless-json'
import { ClientValidationError } from './errors'

/** What callers may pass: decimals as exact text (or JsonNumber), ids as digit strings, integers as numbers. */
export type ParamInput =
  | string
  | number
  | bigint
  | boolean
  | JsonNumber
  | null
  | undefined
  | readonly ParamInput[]
  | { readonly [name: string]: ParamInput }
export type RequestParams = { readonly [name: string]: ParamInput }

/** A value in wire form (what the query builder and the body serializer receive). */
export type WireValue = string | number | boolean | JsonNumber | WireValue[] | { [name: string]: WireValue }
export type WireRecord = { [name: string]: WireValue }

export interface ValidatedParams {
  /** Query or body parameters, in catalog order. */
  values: WireRecord
  /** Parameters the catalog places in headers (brokerId). */
  headers: Record<string, string>
}

const INTEGER_RE = /^-?\d+$/
const ID_RE = /^\d{1,30}$/
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const CONTROL_RE = /[\u0000-\u001f\u007f]/

class Fail {
  constructor(
    readonly field: string,
    readonly rule: string
  ) {}
}
const fail = (field: string, rule: string): never => {
  throw new Fail(field, rule)
}

function isAbsent(v: ParamInput): boolean {
  return v === undefined || v === null || v === ''
}

/** Text of a scalar input, for requiredWhen conditions and enum-like integer values. */
function textOf(v: ParamInput): string | undefined {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v)
  if (v instanceof JsonNumber) return v.text
  return undefined
}

function bounds(def: ParamDef, n: number, field: string): void {
  if (def.min !== undefined && n < def.min) fail(field, `must be at least ${def.min}`)
  if (def.max !== undefined && n > def.max) fail(field, `must be at most ${def.max}`)
}

function wholeText(def: ParamDef, v: ParamInput, field: string): string {
  let t: string | undefined
  if (typeof v === 'number')
    t = Number.isSafeInteger(v) ? String(v) : fail(field, 'must be a whole number (safe integer)')
  else if (typeof v === 'bigint') t = v.toString()
  else if (typeof v === 'string' || v instanceof JsonNumber) t = textOf(v)
  if (t === undefined || !INTEGER_RE.test(t)) return fail(field, 'must be a whole number')
  if (def.values && !def.values.includes(t)) fail(field, `must be one of ${def.values.join(', ')}`)
  bounds(def, Number(t), field)
  return t
}

function checkValue(def: ParamDef, v: ParamInput, field: string): WireValue {
  switch (def.type) {
    case 'string': {
      if (typeof v !== 'string') return fail(field, 'must be a string')
      if (CONTROL_RE.test(v)) fail(field, 'must not contain control characters')
      if (def.maxLengthExclusive !== undefined && v.length >= def.maxLengthExclusive)
        fail(field, `must be fewer than ${def.maxLengthExclusive} characters`)
      if (def.max !== undefined && v.length > def.max) fail(field, `must be at most ${def.max} characters`)
      return v
    }
    case 'decimal': {
      // Exact text only: a JS number may already have been rounded in binary (0.1 + 0.2).
      if (typeof v === 'number')
        return fail(field, 'must be a decimal string (exact text such as "12.5"), not a JS number')
      const t = typeof v === 'string' ? v : v instanceof JsonNumber ? v.text : fail(field, 'must be a decimal string')
      try {
        parseDecimal(t, field)
      } catch (e) {
        // The rule without the quoted value: an error never repeats what the caller passed (it could be anything).
        fail(
          field,
          e instanceof DecimalError
            ? e.message.slice(field.length + 2).replace(/: ".*"$/s, '')
            : 'must be a decimal number'
        )
      }
      return new JsonNumber(t)
    }
    case 'integer': {
      const t = wholeText(def, v, field)
      const n = Number(t)
      return Number.isSafeInteger(n) ? n : fail(field, 'is out of range')
    }
    case 'long':
      // Written from its digits so a value beyond 2^53 would still be exact.
      return new JsonNumber(wholeText(def, v, field))
    case 'id': {
      // Ids are strings end to end (live ids exceed 2^53); a number is accepted only while it is exact.
      const t =
        typeof v === 'number'
          ? Number.isSafeInteger(v) && v >= 0
            ? String(v)
            : fail(field, 'must be an id string (digits); numbers lose digits beyond 2^53')
          : typeof v === 'bigint'
            ? v.toString()
            : typeof v === 'string'
              ? v
              : fail(field, 'must be an id string of digits')
      return ID_RE.test(t) ? t : fail(field, 'must be an id of 1 to 30 digits')
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : fail(field, 'must be true or false')
    case 'enum': {
      if (typeof v !== 'string' || !def.values?.includes(v))
        return fail(field, `must be one of ${def.values?.join(', ') ?? '(none)'}`)
      return v
    }
    case 'array': {
      if (!Array.isArray(v)) return fail(field, 'must be an array')
      const arr = v as readonly ParamInput[]
      if (def.min !== undefined && arr.length < def.min) fail(field, `must hold at least ${def.min} items`)
      if (def.max !== undefined && arr.length > def.max) fail(field, `must hold at most ${def.max} items`)
      const itemDef: ParamDef = { ...def, type: def.items ?? 'string', min: undefined, max: undefined }
      return arr.map((item, i) => {
        const at = `${field}[${i}]`
        if (def.fields) return checkObject(def.fields, item, at)
        if (isAbsent(item)) return fail(at, 'must not be empty')
        return checkValue(itemDef, item, at)
      })
    }
    case 'object':
      return checkObject(def.fields ?? [], v, field)
  }
}

const namesCache = new WeakMap<readonly ParamDef[], Set<string>>()
function namesOf(fields: readonly ParamDef[]): Set<string> {
  let s = namesCache.get(fields)
  if (!s) namesCache.set(fields, (s = new Set(fields.map((f) => f.name))))
  return s
}

function checkObject(
  fields: readonly ParamDef[],
  v: ParamInput,
  path: string,
  headers?: Record<string, string>
): WireRecord {
  if (v === null || v === undefined) v = {}
  if (typeof v !== 'object' || Array.isArray(v) || v instanceof JsonNumber)
    return fail(path || 'params', 'must be an object')
  const input = v as { readonly [name: string]: ParamInput }
  const known = namesOf(fields)
  for (const key of Object.keys(input)) {
    if (!known.has(key) && !isAbsent(input[key]))
      fail(path ? `${path}.${key}` : key, 'is not a parameter of this endpoint')
  }
  const out: WireRecord = {}
  for (const f of fields) {
    const value = input[f.name]
    const at = path ? `${path}.${f.name}` : f.name
    if (isAbsent(value)) {
      const waived = f.requiredUnless !== undefined && !isAbsent(input[f.requiredUnless])
      if (f.required && !waived) fail(at, f.requiredUnless ? `is required (or ${f.requiredUnless})` : 'is required')
      const cond = f.requiredWhen
      if (cond && textOf(input[cond.param]) === cond.equals)
        fail(at, `is required when ${cond.param} is ${cond.equals}`)
      continue // defaults are the server's: not sending them keeps requests minimal
    }
    const wire = checkValue(f, value, at)
    if (f.in === 'header' && headers) headers[f.name] = String(wire)
    else out[f.name] = wire
  }
  return out
}

/** Validates `params` for `def`; throws ClientValidationError (nothing is sent) on the first violation. */
export function validateParams(def: EndpointDef, params: RequestParams | undefined): ValidatedParams {
  const headers: Record<string, string> = {}
  try {
    return { values: checkObject(def.params, params ?? {}, '', headers), headers }
  } catch (e) {
    if (e instanceof Fail) throw new ClientValidationError(def.id, e.field, e.rule)
    throw e
  }
}

// Catalog-driven input validation: every parameter is checked against its ParamDef (presence, type, bounds,
// enum values, conditional requirements) before a handler runs. Errors name the field and the rule.
import type { EndpointDef, ParamDef } from '@shared/api/types'
import { JsonNumber, type LosslessValue } from '@shared/json/lossless-json'
import { ApiError, apiFail } from './api-error'
import { ERR } from '@shared/api/errors'

export type ParamValue = string | number | boolean | ParamValue[] | ParamRecord
export interface ParamRecord {
  [name: string]: ParamValue
}

const DECIMAL_RE = /^-?\d+(\.\d+)?$/
const INTEGER_RE = /^-?\d+$/
const ID_RE = /^\d{1,30}$/
/** Enum parameters whose bad values have a code of their own in the family's table. */
const ENUM_CODES: Record<string, number> = {
  side: ERR.INVALID_SIDE,
  type: ERR.INVALID_ORDER_TYPE,
  batchType: ERR.INVALID_ORDER_TYPE
}
const SIGNED_EXTRAS = new Set(['recvWindow'])

type Raw = LosslessValue | undefined

function malformed(path: string, rule: string): never {
  return apiFail('MANDATORY_PARAM', `Parameter '${path}' ${rule}`)
}

/** Scalar text of a raw value, whether it arrived as a JSON number, a string or a query string. */
function scalarText(v: Raw): string | null {
  if (typeof v === 'string') return v
  if (v instanceof JsonNumber) return v.text
  return null
}

function checkValue(def: ParamDef, raw: Raw, path: string): ParamValue {
  switch (def.type) {
    case 'string': {
      if (typeof raw !== 'string') return malformed(path, 'must be a string')
      if (def.maxLengthExclusive !== undefined && raw.length >= def.maxLengthExclusive) {
        return malformed(path, `must be fewer than ${def.maxLengthExclusive} characters`)
      }
      if (def.max !== undefined && raw.length > def.max) return malformed(path, `must be at most ${def.max} characters`)
      // eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
      if (/[\u0000-\u001f]/.test(raw)) apiFail('ILLEGAL_CHARS', `Parameter '${path}' contains control characters`)
      return raw
    }
    case 'decimal': {
      const t = scalarText(raw)
      if (t === null || !DECIMAL_RE.test(t)) return malformed(path, 'must be a decimal number such as 12.5')
      return t
    }
    case 'integer':
    case 'long': {
      const t = scalarText(raw)
      if (t === null || !INTEGER_RE.test(t)) return malformed(path, 'must be a whole number')
      if (def.values && !def.values.includes(t)) return malformed(path, `must be one of ${def.values.join(', ')}`)
      const n = Number(t)
      if (def.min !== undefined && n < def.min) return malformed(path, `must be at least ${def.min}`)
      if (def.max !== undefined && n > def.max) return malformed(path, `must be at most ${def.max}`)
      if (def.type === 'long') return t
      if (!Number.isSafeInteger(n)) return malformed(path, 'is out of range')
      return n
    }
    case 'id': {
      const t = scalarText(raw)
      if (t === null || !ID_RE.test(t)) return malformed(path, 'must be an id of digits')
      // ids are integers: '007' is order 7, and compareIds (length first) assumes no leading zeros
      return t.length > 1 && t.charCodeAt(0) === 48 ? t.replace(/^0+(?=\d)/, '') : t
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return raw
      if (raw === 'true' || raw === 'false') return raw === 'true'
      return malformed(path, 'must be true or false')
    }
    case 'enum': {
      if (typeof raw !== 'string' || !def.values?.includes(raw)) {
        const code = ENUM_CODES[def.name]
        const rule = `must be one of ${def.values?.join(', ')}`
        if (code !== undefined) throw new ApiError(code, `Parameter '${path}' ${rule}`)
        return malformed(path, rule)
      }
      return raw
    }
    case 'array': {
      if (!Array.isArray(raw)) return malformed(path, 'must be an array')
      if (def.max !== undefined && raw.length > def.max) {
        apiFail('TOO_MANY_PARAMETERS', `Parameter '${path}' holds at most ${def.max} items, got ${raw.length}`)
      }
      if (def.min !== undefined && raw.length < def.min) return malformed(path, `must hold at least ${def.min} items`)
      const fields = def.fields
      const item = fields ? undefined : itemDef(def)
      return raw.map((x, i) => {
        const at = `${path}[${i}]`
        return fields ? checkObject(fields, x, at) : checkValue(item!, x, at)
      })
    }
    case 'object':
      return checkObject(def.fields ?? [], raw, path)
  }
}

/** The rule of an array's items (its `items` type, its own name and values), built once per array rule. */
const ITEM_DEFS = new WeakMap<ParamDef, ParamDef>()
function itemDef(def: ParamDef): ParamDef {
  let item = ITEM_DEFS.get(def)
  if (!item) ITEM_DEFS.set(def, (item = { ...def, type: def.items ?? 'string', name: def.name, values: def.values }))
  return item
}

function isEmpty(v: Raw): boolean {
  return v === undefined || v === null || v === ''
}

// Per field list (catalog entries are immutable), so a request does not rebuild them.
const NAMES = new WeakMap<readonly ParamDef[], ReadonlySet<string>>()
function namesOf(fields: readonly ParamDef[]): ReadonlySet<string> {
  let names = NAMES.get(fields)
  if (!names) NAMES.set(fields, (names = new Set(fields.map((f) => f.name))))
  return names
}

/**
 * The rule of a signed-request extra (recvWindow: an integer from 1; its 60000 ms cap is a -1021 in auth.ts), built
 * once per name.
 */
const EXTRA_DEFS = new Map<string, ParamDef>()
function extraDef(name: string): ParamDef {
  let def = EXTRA_DEFS.get(name)
  if (!def)
    EXTRA_DEFS.set(name, (def = { name, type: 'integer', in: 'body', required: false, min: 1, description: '' }))
  return def
}

function checkObject(fields: readonly ParamDef[], raw: Raw, path: string, extras?: ReadonlySet<string>): ParamRecord {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || raw instanceof JsonNumber) {
    return malformed(path || 'body', 'must be a JSON object')
  }
  const input = raw as Record<string, LosslessValue>
  const known = namesOf(fields)
  for (const key of Object.keys(input)) {
    if (!known.has(key) && !extras?.has(key))
      apiFail('UNKNOWN_PARAM', `Unknown parameter '${path ? path + '.' : ''}${key}'`)
  }
  const out: ParamRecord = {}
  for (const f of fields) {
    const v = input[f.name]
    const at = path ? `${path}.${f.name}` : f.name
    const cond = f.requiredWhen
    const waived = f.requiredUnless !== undefined && !isEmpty(input[f.requiredUnless])
    const required = (f.required && !waived) || (cond !== undefined && scalarText(input[cond.param]) === cond.equals)
    if (isEmpty(v)) {
      if (required) {
        const why =
          cond && !f.required
            ? ` (required when ${cond.param} is ${cond.equals})`
            : f.requiredUnless
              ? ` (send it or ${f.requiredUnless})`
              : ''
        apiFail('MANDATORY_PARAM', `Mandatory parameter '${at}' was not sent, was empty/null, or malformed${why}`)
      }
      if (f.default !== undefined) out[f.name] = f.default
      continue
    }
    out[f.name] = checkValue(f, v, at)
  }
  if (extras) {
    for (const extra of extras) {
      const v = input[extra]
      if (!isEmpty(v)) out[extra] = checkValue(extraDef(extra), v, extra)
    }
  }
  return out
}

/** Query string parameters as a record; a repeated name is malformed input. */
export function queryToRecord(query: URLSearchParams): Record<string, LosslessValue> {
  const out: Record<string, LosslessValue> = Object.create(null) as Record<string, LosslessValue>
  for (const [k, v] of query) {
    if (k in out) apiFail('MANDATORY_PARAM', `Parameter '${k}' was sent more than once`)
    out[k] = v
  }
  return out
}

/**
 * Validates a request's parameters against its catalog entry. `input` is the decoded query (GET) or body
 * (POST). Signed endpoints also accept recvWindow (an integer from 1 ms) wherever the catalog omits it.
 */
export function validateParams(def: EndpointDef, input: LosslessValue): ParamRecord {
  let shape = SHAPES.get(def)
  if (!shape) SHAPES.set(def, (shape = shapeOf(def)))
  return checkObject(shape.fields, input, '', shape.extras)
}

interface Shape {
  fields: readonly ParamDef[]
  extras: ReadonlySet<string> | undefined
}
const SHAPES = new WeakMap<EndpointDef, Shape>()

function shapeOf(def: EndpointDef): Shape {
  const fields = def.params.filter((p) => p.in !== 'header')
  const extras = def.security === 'NONE' ? undefined : SIGNED_EXTRAS
  const declared = new Set(fields.map((f) => f.name))
  const extra =
    extras && [...extras].some((e) => declared.has(e)) ? new Set([...extras].filter((e) => !declared.has(e))) : extras
  return { fields, extras: extra }
}

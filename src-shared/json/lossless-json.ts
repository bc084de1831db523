// JSON parsing that never turns a number into a binary float. Request bodies carry prices like 0.1 and
// responses carry ids above 2^53; JSON.parse would silently change both. Every number is kept as its
// source text in a JsonNumber, so money and ids stay exact. Strict RFC 8259 grammar, clear errors.

/** A JSON number kept as its exact source text. */
export class JsonNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text
  }
  toJSON(): string {
    return this.text
  }
}

export type LosslessValue = null | boolean | string | JsonNumber | LosslessValue[] | { [key: string]: LosslessValue }

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number
  ) {
    super(`${message} at position ${position}`)
    this.name = 'JsonSyntaxError'
  }
}

const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const MAX_DEPTH = 64

export function parseLosslessJson(text: string): LosslessValue {
  let i = 0
  const ws = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i)
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++
      else break
    }
  }
  const fail = (what: string): never => {
    throw new JsonSyntaxError(what, i)
  }
  const str = (): string => {
    // Fast path: no escapes.
    const start = ++i
    let out = ''
    let chunk = start
    while (i < text.length) {
      const c = text.charCodeAt(i)
      if (c === 0x22) {
        out += text.slice(chunk, i)
        i++
        return out
      }
      if (c < 0x20) fail('control character in string')
      if (c === 0x5c) {
        out += text.slice(chunk, i)
        const e = text[i + 1]
        i += 2
        switch (e) {
          case '"': out += '"'; break
          case '\\': out += '\\'; break
          case '/': out += '/'; break
          case 'b': out += '\b'; break
          case 'f': out += '\f'; break
          case 'n': out += '\n'; break
          case 'r': out += '\r'; break
          case 't': out += '\t'; break
          case 'u': {
            const hex = text.slice(i, i + 4)
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape')
            out += String.fromCharCode(parseInt(hex, 16))
            i += 4
            break
          }
          default:
            i -= 1
            fail('bad escape')
        }
        chunk = i
        continue
      }
      i++
    }
    return fail('unterminated string')
  }
  const value = (depth: number): LosslessValue => {
    if (depth > MAX_DEPTH) fail('nesting too deep')
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      const obj: { [key: string]: LosslessValue } = Object.create(null) as { [key: string]: LosslessValue }
      ws()
      if (text[i] === '}') {
        i++
        return obj
      }
      for (;;) {
        ws()
        if (text[i] !== '"') fail('expected a property name')
        const key = str()
        ws()
        if (text[i] !== ':') fail("expected ':'")
        i++
        if (Object.prototype.hasOwnProperty.call(obj, key)) fail(`duplicate key "${key}"`)
        obj[key] = value(depth + 1)
        ws()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === '}') {
          i++
          return obj
        }
        fail("expected ',' or '}'")
      }
    }
    if (c === '[') {
      i++
      const arr: LosslessValue[] = []
      ws()
      if (text[i] === ']') {
        i++
        return arr
      }
      for (;;) {
        arr.push(value(depth + 1))
        ws()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === ']') {
          i++
          return arr
        }
        fail("expected ',' or ']'")
      }
    }
    if (c === '"') return str()
    if (text.startsWith('true', i)) {
      i += 4
      return true
    }
    if (text.startsWith('false', i)) {
      i += 5
      return false
    }
    if (text.startsWith('null', i)) {
      i += 4
      return null
    }
    NUMBER_RE.lastIndex = i
    const m = NUMBER_RE.exec(text)
    if (m) {
      i += m[0].length
      return new JsonNumber(m[0])
    }
    return fail('unexpected character')
  }
  const result = value(0)
  ws()
  if (i !== text.length) fail('unexpected text after the JSON value')
  return result
}

/** Converts a lossless value to plain JSON-compatible data with every number as its exact text. */
export function losslessToPlain(v: LosslessValue): unknown {
  if (v instanceof JsonNumber) return v.text
  if (Array.isArray(v)) return v.map(losslessToPlain)
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    // defineProperty, not assignment: a key named __proto__ must stay an own key, as JSON.parse makes it.
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: losslessToPlain(x), enumerable: true, writable: true, configurable: true })
    return out
  }
  return v
}

import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  JsonNumber,
  JsonSyntaxError,
  losslessToPlain,
  parseLosslessJson,
  type LosslessValue
} from '@shared/json/lossless-json'

describe('parseLosslessJson', () => {
  it('keeps numbers as their exact source text', () => {
    const v = parseLosslessJson('{"price":0.1,"orderId":3176901856236716480,"vol":1e-7,"neg":-0}') as Record<
      string,
      JsonNumber
    >
    expect(v['price']).toBeInstanceOf(JsonNumber)
    expect(v['price']?.text).toBe('0.1')
    expect(v['orderId']?.text).toBe('3176901856236716480')
    expect(v['vol']?.text).toBe('1e-7')
    expect(v['neg']?.text).toBe('-0')
  })

  it('parses strings with escapes, unicode and nested structures', () => {
    const v = losslessToPlain(parseLosslessJson(' {"a":"x\\"y\\u00e9\\n","b":[true,false,null,{"c":[]}],"d":"价格"} '))
    expect(v).toEqual({ a: 'x"yé\n', b: [true, false, null, { c: [] }], d: '价格' })
  })

  it('keeps a __proto__ key as an own key when converting to plain data, as JSON.parse does', () => {
    const plain = losslessToPlain(parseLosslessJson('{"__proto__":{"a":1}}')) as Record<string, unknown>
    expect(Object.keys(plain)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(plain)).toBe(Object.prototype)
    expect(plain).toEqual(JSON.parse('{"__proto__":{"a":"1"}}'))
  })

  it('does not let __proto__ keys reach the prototype', () => {
    const v = parseLosslessJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(Object.keys(v)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(v)).not.toHaveProperty('polluted')
  })

  it("sees no key an object did not send: Object.prototype's names are neither inherited nor duplicates", () => {
    const v = parseLosslessJson('{"toString":"a","constructor":"b"}') as Record<string, unknown>
    expect(v).toEqual({ toString: 'a', constructor: 'b' })
    const empty = parseLosslessJson('{}') as Record<string, unknown>
    for (const name of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf'])
      expect([name, name in empty, empty[name]]).toEqual([name, false, undefined])
    expect(() => parseLosslessJson('{"valueOf":1,"valueOf":2}')).toThrow('duplicate key "valueOf"')
  })

  it.each([
    ['', 'unexpected character'],
    ['{"a":1,}', 'expected a property name'],
    ['[1 2]', "expected ',' or ']'"],
    ['01', 'unexpected text after the JSON value'],
    ['{"a":1}x', 'unexpected text after the JSON value'],
    ['"abc', 'unterminated string'],
    ['{"a":1,"a":2}', 'duplicate key "a"'],
    ['{"a":null,"a":false}', 'duplicate key "a"'],
    ['{"__proto__":{},"__proto__":{}}', 'duplicate key "__proto__"'],
    ['"\\q"', 'bad escape'],
    ['+1', 'unexpected character'],
    ['NaN', 'unexpected character']
  ])('rejects %j with a clear error', (text, message) => {
    expect(() => parseLosslessJson(text)).toThrow(JsonSyntaxError)
    expect(() => parseLosslessJson(text)).toThrow(message)
  })

  it('agrees with JSON.parse on everything but number representation', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value)
        const plain = losslessToPlain(parseLosslessJson(text))
        const reference = JSON.parse(text, (_k, x: unknown) => (typeof x === 'number' ? String(x) : x))
        // JSON.stringify writes -0 as 0, and String() of a parsed number equals its shortest text.
        expect(plain).toEqual(reference)
      })
    )
  })
})

describe('parseLosslessJson on order-shaped bodies and edge cases', () => {
  const decimal = fc
    .tuple(
      fc.boolean(),
      fc.bigInt({ min: 0n, max: 10n ** 30n }),
      fc.option(fc.stringMatching(/^\d{1,18}$/), { nil: undefined }),
      fc.option(fc.integer({ min: -400, max: 400 }), { nil: undefined })
    )
    .map(
      ([neg, int, frac, exp]) =>
        `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}${exp === undefined ? '' : `e${exp}`}`
    )

  it('keeps every decimal and big integer of a flat body digit for digit, strings exact, key order kept', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.tuple(
            fc.string({ unit: 'grapheme' }),
            fc.oneof(
              decimal,
              fc.string({ unit: 'grapheme' }).map((x) => JSON.stringify(x))
            )
          ),
          {
            selector: ([k]) => k,
            maxLength: 8
          }
        ),
        fc.constantFrom('', ' ', '\n\t ', '\r\n'),
        (entries, gap) => {
          const text = `${gap}{${entries.map(([k, v]) => `${gap}${JSON.stringify(k)}${gap}:${gap}${v}${gap}`).join(',')}}${gap}`
          const parsed = parseLosslessJson(text) as Record<string, LosslessValue>
          // Key order as JavaScript keeps it: integer-like keys ("0") come first, the rest in text order.
          expect(Object.keys(parsed)).toEqual(Object.keys(Object.fromEntries(entries.map(([k]) => [k, 0]))))
          for (const [k, v] of entries) {
            const got = parsed[k]
            if (v.startsWith('"')) expect(got).toBe(JSON.parse(v))
            else expect(got).toEqual(new JsonNumber(v))
          }
        }
      )
    )
  })

  it('agrees with JSON.parse on any Unicode text, escaped or not, compact or pretty', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }),
        fc.constantFrom(undefined, 2),
        (value, indent) => {
          const text = JSON.stringify(value, null, indent)
          const escaped = text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
          const reference = JSON.parse(text, (_k, x: unknown) => (typeof x === 'number' ? String(x) : x))
          expect(losslessToPlain(parseLosslessJson(text))).toEqual(reference)
          expect(losslessToPlain(parseLosslessJson(escaped))).toEqual(reference)
        }
      )
    )
  })

  it('decodes escapes at the start, middle and end of a string, and surrogate pairs', () => {
    expect(parseLosslessJson('"\\nab\\u0041c\\t"')).toBe('\nabAc\t')
    expect(parseLosslessJson('"\\ud83d\\ude00"')).toBe('\u{1F600}')
    expect(parseLosslessJson('{"k\\u00e9y":"v"}')).toEqual(
      Object.assign(Object.create(null) as object, { 'k\u00e9y': 'v' })
    )
  })

  it.each([
    ['{"a":1,}', 7],
    ['{"a" 1}', 5],
    ['[1 2]', 3],
    ['"abc', 4],
    ['"a\u0001"', 2],
    ['"ab\\q"', 4],
    ['"\\u12"', 3],
    ['"\\n\u0001"', 3],
    ['{"a":1,"a":2}', 11],
    ['{"a":tru}', 5]
  ])('reports where %j goes wrong', (text, position) => {
    let error: unknown
    try {
      parseLosslessJson(text)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(JsonSyntaxError)
    expect((error as JsonSyntaxError).position).toBe(position)
  })

  it('a failed parse leaves nothing behind for the next one', () => {
    expect(() => parseLosslessJson('{"a":"unterminated')).toThrow(JsonSyntaxError)
    expect(losslessToPlain(parseLosslessJson('{"b":"2"}'))).toEqual({ b: '2' })
    expect(() => parseLosslessJson('[' + '['.repeat(70))).toThrow('nesting too deep')
    expect(parseLosslessJson('[]')).toEqual([])
  })
})

describe('lossless round trip', () => {
  it('writes a parsed body back out with every number digit for digit', async () => {
    const { stringifyWithDecimals } = await import('@shared/decimal')
    const text = '{"symbol":"btcusdt","price":123456789012345678.123456789,"volume":0.10,"ids":[3176901856236716480]}'
    expect(stringifyWithDecimals(parseLosslessJson(text))).toBe(text)
  })
})

import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { JsonNumber, JsonSyntaxError, losslessToPlain, parseLosslessJson } from '@shared/json/lossless-json'

describe('parseLosslessJson', () => {
  it('keeps numbers as their exact source text', () => {
    const v = parseLosslessJson('{"price":0.1,"orderId":3176901856236716480,"vol":1e-7,"neg":-0}') as Record<string, JsonNumber>
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
  })

  it.each([
    ['', 'unexpected character'],
    ['{"a":1,}', 'expected a property name'],
    ['[1 2]', "expected ',' or ']'"],
    ['01', 'unexpected text after the JSON value'],
    ['{"a":1}x', 'unexpected text after the JSON value'],
    ['"abc', 'unterminated string'],
    ['{"a":1,"a":2}', 'duplicate key "a"'],
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

describe('lossless round trip', () => {
  it('writes a parsed body back out with every number digit for digit', async () => {
    const { stringifyWithDecimals } = await import('@shared/decimal')
    const text = '{"symbol":"btcusdt","price":123456789012345678.123456789,"volume":0.10,"ids":[3176901856236716480]}'
    expect(stringifyWithDecimals(parseLosslessJson(text))).toBe(text)
  })
})

// A ladder size fitted to its column's characters (panels/market/ladder/fit-size.ts): exact when it fits, else
// rounded exactly to fewer decimals, counted in thousands, or said to be under the smallest step that fits; never
// longer than the room, never shown as zero.
import { afterEach, describe, expect, it } from 'vitest'
import { fitSize } from '../../../src-renderer/src/panels/market/ladder/fit-size'
import { setLocale } from '../../../src-renderer/src/i18n'

afterEach(() => setLocale('en'))

describe('fitSize', () => {
  it('shows a size whole when it fits, grouped as the book shows it', () => {
    expect(fitSize('0.000901', 8)).toEqual({ text: '0.000901', exact: true })
    expect(fitSize('1234.5', 7)).toEqual({ text: '1,234.5', exact: true })
    expect(fitSize('12345678', 9)).toEqual({ text: '12.35M', exact: true }) // the book's own compact form
  })

  it('rounds to the decimals that fit, exactly and half-even, and marks it', () => {
    expect(fitSize('0.000901', 7)).toEqual({ text: '0.00090', exact: false })
    expect(fitSize('0.0016345', 6)).toEqual({ text: '0.0016', exact: false })
    expect(fitSize('12.345678', 6)).toEqual({ text: '12.346', exact: false })
    expect(fitSize('9.99996', 6)).toEqual({ text: '10.000', exact: false })
    expect(fitSize('1234.5678', 7)).toEqual({ text: '1,234.6', exact: false })
  })

  it('counts large sizes in thousands and says a tiny one is under the smallest step that fits', () => {
    expect(fitSize('123456.7', 6)).toEqual({ text: '123.5K', exact: false })
    expect(fitSize('12345.6', 6)).toEqual({ text: '12,346', exact: false }) // whole thousands still fit
    expect(fitSize('123456.7', 5)).toEqual({ text: '123K', exact: false })
    setLocale('zh-CN')
    expect(fitSize('123456.7', 5)).toEqual({ text: '12.3万', exact: false })
    setLocale('en')
    expect(fitSize('0.000001', 7)).toEqual({ text: '<0.001', exact: false })
    expect(fitSize('0.000004', 6)).toEqual({ text: '<0.01', exact: false })
  })

  it('never shows a size longer than its room where a form fits, in every language', () => {
    for (const l of ['en', 'zh-CN', 'zh-TW'] as const) {
      setLocale(l)
      for (const q of ['0.000901', '0.0016345', '12.345678', '1234.5678', '98765.4321', '0.000001', '3'])
        for (const room of [5, 6, 7, 8]) {
          const f = fitSize(q, room)
          expect(f.text.length + (f.text.startsWith('<') ? 1 : 0), `${l} ${q} in ${room}`).toBeLessThanOrEqual(room)
          expect(f.text, `${l} ${q} in ${room}`).not.toMatch(/^0(\.0*)?$/)
        }
    }
  })
})

// The contract's field rules as words: the English a schema carries is the English catalog's own, and main sends a
// refused field's rule as words that read in each language.
import { describe, expect, it } from 'vitest'
import { fields } from '@shared/i18n/en/fields'
import { translateIn } from '@shared/i18n/translate'
import type { Words } from '@shared/i18n/words'
import { terminalContract } from '@shared/ipc/contract'
import type { ContractErrorBody, ServerMessage } from '@shared/ipc/contract-kit'
import { rule, type FieldRule } from '@shared/ipc/schemas/field-rule'
import { createContractServer } from '../../../src-main/contract/contract-server'

const order = { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '65000.5', volume: '0.01' }

/** What main answers a call with `payload` (no handler runs: the schema refuses first). */
function refusal(channel: string, payload: unknown): ContractErrorBody {
  const out: ServerMessage[] = []
  const server = createContractServer(terminalContract, {} as never)
  server.connect((m) => out.push(m), { connectionId: 'test' }).receive({ t: 'call', id: 1, channel, payload })
  const m = out[0]
  if (m?.t !== 'result' || m.ok) throw new Error(`not refused: ${JSON.stringify(m)}`)
  return m.error
}
const told = (locale: 'en' | 'zh-CN' | 'zh-TW', w: Words | undefined) =>
  w ? translateIn(locale, w.key, w.params) : 'no words'

describe('field rules', () => {
  it('write the English catalog’s words (filled without the translator, the same text)', () => {
    const params = { min: 1, max: 20, a: 'A', b: 'B', c: 'C', values: 'x, y' }
    for (const name of Object.keys(fields.rule) as FieldRule[])
      expect(rule(name, params)).toBe(translateIn('en', `fields.rule.${name}`, params))
  })

  it('a refused field reaches the window as words: Chinese for a zh-CN user, the English message beside them', () => {
    const e = refusal('trading.placeOrder', { ...order, price: '1e5' })
    expect(e).toMatchObject({ code: 'invalid-input', field: 'price' })
    const english = 'must be a decimal string such as "12.5" (no sign, exponent or spaces)'
    expect(e.message).toBe(`trading.placeOrder: invalid input field 'price': ${english}`)
    expect(told('zh-CN', e.words)).toBe('字段“price”：必须是十进制数字文本，如“12.5”（不带正负号、指数或空格）')
    expect(told('zh-TW', e.words)).toBe('欄位「price」：必須是十進位數字文字，如「12.5」（不帶正負號、指數或空格）')
    expect(told('en', e.words)).toBe(`field 'price': ${english}`)
  })

  it('carries a rule’s values and the module rules of unions, and names unknown fields', () => {
    expect(
      told('zh-CN', refusal('trading.setLeverage', { symbol: 'E-BTC-USDT', leverage: 2000, positionType: 1 }).words)
    ).toBe('字段“leverage”：不能大于 1000')
    expect(told('zh-CN', refusal('trading.placeOrder', { ...order, module: 'options' }).words)).toBe(
      "字段“module”：必须是 'spot'、'margin' 或 'futures'"
    )
    expect(told('zh-TW', refusal('trading.placeOrder', { ...order, colour: 'red' }).words)).toBe('未知欄位：colour')
    expect(told('zh-CN', refusal('trading.placeOrder', { ...order, price: undefined }).words)).toBe(
      '字段“price”：限价单必须填写'
    )
  })
})

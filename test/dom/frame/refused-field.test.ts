// A field main refuses (the contract's schema) is told in the window's language: a zh-CN user's error toast reads
// Chinese, from the words main sends beside its English (invalidInput, as the contract server attaches them:
// test/unit/ipc/field-rule.test.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { terminalContract } from '@shared/ipc/contract'
import { ContractError } from '@shared/ipc/contract-kit'
import { invalidInput } from '@shared/ipc/schemas/field-rule'
import { setLocale } from '../../../src-renderer/src/i18n'
import { describeError } from '../../../src-renderer/src/stores/feedback'

afterEach(() => setLocale('en'))

/** Main's refusal of `payload` on `trading.setLeverage`: the schema's first issue, its English and its words. */
function refused(payload: unknown): ContractError {
  const r = terminalContract['trading.setLeverage'].input.safeParse(payload)
  if (r.success) throw new Error('not refused')
  return new ContractError(invalidInput(r.error, 'trading.setLeverage: invalid input'))
}

describe('a refused field', () => {
  it('reads Chinese for a zh-CN user, and English for an English one', () => {
    const e = refused({ symbol: 'E-BTC-USDT', leverage: 0, positionType: 1 })
    setLocale('zh-CN')
    expect(describeError(e).text).toBe('字段“leverage”：不能小于 1')
    setLocale('zh-TW')
    expect(describeError(e).text).toBe('欄位「leverage」：不能小於 1')
    setLocale('en')
    expect(describeError(e).text).toBe("field 'leverage': must be at least 1")
  })
})

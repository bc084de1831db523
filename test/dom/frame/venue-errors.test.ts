// The words for a venue's refusal, in each language: what main passes for the live flavor's "insufficient balance"
// (test/integration/i18n/venue-errors.test.ts: code -2017, msg "余额不足") is told in the screen's language with
// its code; an unknown code as the venue wrote it.
import { afterEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { ContractError } from '@shared/ipc/contract-kit'
import { setLocale } from '../../../src-renderer/src/i18n'
import { venueErrorWords } from '../../../src-renderer/src/i18n/venue-error'
import { describeError } from '../../../src-renderer/src/stores/feedback'
import { errorText } from '../../../src-renderer/src/stores/trading'

afterEach(() => setLocale('en'))

describe('venue errors in words', () => {
  it('a known code is told in the language of the screen, with the code', () => {
    setLocale('en')
    expect(venueErrorWords(-2017, '余额不足')).toBe('Insufficient balance (code -2017)')
    setLocale('zh-CN')
    expect(venueErrorWords(-2017, '余额不足')).toBe('账户余额不足（错误码 -2017）')
    setLocale('zh-TW')
    expect(venueErrorWords(-2017, '余额不足')).toBe('帳戶餘額不足（錯誤碼 -2017）')
  })

  it('an unknown code is told as the venue wrote it, with the code; no code, no words', () => {
    expect(venueErrorWords(-9001, '系统繁忙')).toBe('The exchange said: 系统繁忙 (code -9001)')
    expect(venueErrorWords(undefined, '系统繁忙')).toBeNull()
    expect(venueErrorWords(-9001, undefined)).toBeNull()
  })

  it('a code whose words name no cause (-1102) is told with the venue’s own message, which names it', () => {
    const busy =
      'The margin mode of E-BTC-USDT cannot change while it has positions, open orders or waiting trigger orders'
    expect(venueErrorWords(-1102, busy)).toBe(
      `A required parameter is missing, empty or malformed: the exchange said “${busy}” (code -1102)`
    )
    // The margin-mode change of the futures settings, refused by the venue: its reason reaches the trader.
    const e = new ContractError({
      code: 'exchange',
      message: 'futures.marginModel.edit: -1102',
      exchange: { code: -1102, venueMessage: busy, endpointId: 'futures.marginModel.edit' }
    })
    expect(errorText(e)).toBe(
      `A required parameter is missing, empty or malformed: the exchange said “${busy}” (venue code -1102)`
    )
    setLocale('zh-CN')
    expect(venueErrorWords(-1102, '参数错误：positionType')).toBe(
      '必填参数缺失、为空或格式错误：交易所返回“参数错误：positionType”（错误码 -1102）'
    )
    // A code whose words say the cause keeps them alone.
    expect(venueErrorWords(-2017, '余额不足')).toBe('账户余额不足（错误码 -2017）')
  })

  it('an error toast tells the venue refusal in those words', () => {
    setActivePinia(createPinia())
    const e = new ContractError({
      code: 'exchange',
      message: 'spot.order.place: insufficient balance (-2017)',
      exchange: { code: -2017, venueMessage: '余额不足', endpointId: 'spot.order.place' }
    })
    setLocale('zh-CN')
    expect(describeError(e)).toEqual({ code: 'exchange -2017', text: '账户余额不足（错误码 -2017）' })
    const other = new ContractError({ code: 'internal', message: 'Internal error; see the log for details' })
    expect(describeError(other).text).toBe('Internal error; see the log for details')
  })
})

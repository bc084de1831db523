// Venue enum names in words: the ones the found issue named, and an unknown one, never shown as a constant.
import { afterEach, describe, expect, it } from 'vitest'
import { enumWords, sideOpenWords } from '../../../src-renderer/src/lib/enum-words'
import { setLocale } from '../../../src-renderer/src/i18n'
import { CAPITAL_FLOW_TYPE } from '@shared/api/wire/futures-account'
import { DEPOSIT_STATUS, WITHDRAW_STATUS } from '@shared/api/wire/spot'

describe('enum words', () => {
  it.each([
    ['CLOSING_PNL', 'Closing PnL'],
    ['TRANSFER_IN', 'Transfer in'],
    ['PARTIALLY_FILLED', 'Partially filled'],
    ['PENDING_REVIEW', 'In review'],
    ['BUY', 'Buy'],
    ['POST_ONLY', 'Post only'],
    ['SOME_NEW_STATE', 'Some new state'],
    ['Partially filled, rest canceled', 'Partially filled, rest canceled'],
    [null, '–']
  ])('%s -> %s', (name, want) => expect(enumWords(name)).toBe(want))

  it('words every capital-flow type and deposit and withdraw status the interface defines', () => {
    for (const name of [
      ...Object.values(CAPITAL_FLOW_TYPE),
      ...Object.values(DEPOSIT_STATUS),
      ...Object.values(WITHDRAW_STATUS)
    ]) {
      expect(enumWords(name)).not.toMatch(/[A-Z]{2,}_|^[A-Z_]+$/)
    }
  })

  it('names a futures order by its side and what it does to the position', () => {
    expect([sideOpenWords('BUY', 'OPEN'), sideOpenWords('SELL', 'CLOSE'), sideOpenWords('BUY', null)]).toEqual([
      'Buy open',
      'Sell close',
      'Buy'
    ])
  })

  describe('in Chinese', () => {
    afterEach(() => setLocale('en'))

    it('tells statuses, sides and kinds in the window language', () => {
      setLocale('zh-CN')
      expect(['PARTIALLY_FILLED', 'CLOSING_PNL', 'PENDING_REVIEW', 'WAITING', 'sell'].map(enumWords)).toEqual([
        '部分成交',
        '平仓盈亏',
        '审核中',
        '等待触发',
        '卖出'
      ])
      expect([sideOpenWords('BUY', 'OPEN'), sideOpenWords('SELL', 'OPEN'), sideOpenWords('SELL', 'CLOSE')]).toEqual([
        '开多',
        '开空',
        '平多'
      ])
      setLocale('zh-TW')
      expect(['CANCELED', 'FUNDING_FEE', 'BUY'].map(enumWords)).toEqual(['已撤銷', '資金費用', '買入'])
      expect(sideOpenWords('BUY', 'CLOSE')).toBe('平空')
    })
  })
})

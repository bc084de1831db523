// Venue enum names in words: the ones the found issue named, and an unknown one, never shown as a constant.
import { describe, expect, it } from 'vitest'
import { enumWords } from '../../../src-renderer/src/lib/enum-words'
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
})

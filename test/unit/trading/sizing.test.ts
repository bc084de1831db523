// Sizes made from balances: rounded down, so an order sized here never exceeds its source.
import { describe, expect, it } from 'vitest'
import { contractsFor, shareOf } from '@shared/trading/sizing'
import { EBTC, EBTC_USD } from '../../fixtures/instruments'

describe('order sizing', () => {
  it('takes a share of a balance, rounded down to the precision', () => {
    expect(shareOf('100000', 33, 2)).toBe('33000.00')
    expect(shareOf('0.123457', 50, 6)).toBe('0.061728')
    expect(shareOf('10', 100, 0)).toBe('10')
  })

  it('converts notional to whole contracts, rounded down', () => {
    expect(contractsFor(EBTC, '1000', '65000')).toBe('15') // 1000 / (0.001 x 65000) = 15.38
    expect(contractsFor(EBTC_USD, '0.01', '65000')).toBe('6') // 0.01 BTC x 65000 / 100 USD = 6.5
  })
})

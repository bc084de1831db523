import { describe, expect, it } from 'vitest'
import { endpointById } from '../../../src-shared/api'
import { validateParams } from '../../../src-sim/http/params'

describe('validateParams: id parameters', () => {
  const cancel = endpointById('futures.order.cancel')

  it('reads an id as the integer it is (leading zeros dropped), so fromId paging and lookups compare it right', () => {
    expect(validateParams(cancel, { contractName: 'E-BTC-USDT', orderId: '0003176901856236716480' }).orderId).toBe(
      '3176901856236716480'
    )
    expect(validateParams(cancel, { contractName: 'E-BTC-USDT', orderId: '000' }).orderId).toBe('0')
    expect(validateParams(cancel, { contractName: 'E-BTC-USDT', orderId: '42' }).orderId).toBe('42')
  })

  it('refuses an id that is not digits', () => {
    expect(() => validateParams(cancel, { contractName: 'E-BTC-USDT', orderId: '12a' })).toThrow(/id of digits/)
  })
})

// The rule a closing futures algorithm's total is held to at creation (src-main/algos/futures-spec.ts closeAboveHeld):
// a SELL closes the long, a BUY the short, every position on that side summed, compared as decimals; above it, the
// words name both figures and the market as the windows do.
import { describe, expect, it } from 'vitest'
import { closeAboveHeld } from '../../../src-main/algos/futures-spec'
import { CONTRACT, long, short } from './futures-fixture'

const close = (side: 'BUY' | 'SELL', quantity: string) => ({ side, symbol: CONTRACT, quantity })

describe('a closing total against the position it reduces', () => {
  it('a SELL is held to the long, a BUY to the short, never the other side', () => {
    const held = [long('7'), short('3')]
    expect(closeAboveHeld(close('SELL', '7'), held)).toBeNull()
    expect(closeAboveHeld(close('SELL', '8'), held)).toEqual({
      key: 'algos.refuse.closeAboveLong',
      params: { quantity: '8', position: '7', contract: 'BTC/USDT perpetual' }
    })
    expect(closeAboveHeld(close('BUY', '3'), held)).toBeNull()
    expect(closeAboveHeld(close('BUY', '4'), held)).toEqual({
      key: 'algos.refuse.closeAboveShort',
      params: { quantity: '4', position: '3', contract: 'BTC/USDT perpetual' }
    })
  })

  it('sums every position on the side it closes (one per margin mode)', () => {
    expect(closeAboveHeld(close('SELL', '9'), [long('4'), short('20'), long('5')])).toBeNull()
    expect(closeAboveHeld(close('SELL', '10'), [long('4'), short('20'), long('5')])).toMatchObject({
      params: { position: '9' }
    })
  })

  it('compares as decimals, not as text, and writes the position without trailing zeros', () => {
    // As text '10' < '9'; as numbers 10 > 9.
    expect(closeAboveHeld(close('SELL', '10'), [long('9')])).toMatchObject({ key: 'algos.refuse.closeAboveLong' })
    expect(closeAboveHeld(close('SELL', '9.0'), [long('9')])).toBeNull()
    expect(closeAboveHeld(close('SELL', '2.5'), [long('1.500'), long('0.5')])).toEqual({
      key: 'algos.refuse.closeAboveLong',
      params: { quantity: '2.5', position: '2', contract: 'BTC/USDT perpetual' }
    })
  })

  it('refuses any close with nothing held on its side, naming a position of 0', () => {
    expect(closeAboveHeld(close('BUY', '1'), [])).toMatchObject({
      key: 'algos.refuse.closeAboveShort',
      params: { quantity: '1', position: '0' }
    })
    expect(closeAboveHeld(close('BUY', '1'), [long('5')])).toMatchObject({ params: { position: '0' } })
  })
})

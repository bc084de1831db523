// The iceberg's state machine (src-main/algos/iceberg.ts): one slice at a time at the same price, never showing
// more than the visible quantity nor placing more than the total leaves; an unknown outcome is reconciled first.
import { describe, expect, it } from 'vitest'
import { decide } from '../../../src-main/algos/machine'
import type { Algo, ChildOrder } from '../../../src-main/algos/types'

const now = { now: 0 }
const iceberg = (children: ChildOrder[] = []): Algo => ({
  id: 'a',
  profileId: 'p',
  spec: {
    kind: 'iceberg',
    module: 'spot',
    symbol: 'btcusdt',
    side: 'BUY',
    quantity: '1',
    limitPrice: '100',
    visibleQuantity: '0.3',
    fireLate: false
  },
  state: 'working',
  children,
  createdAt: 0,
  updatedAt: 0
})
let n = 0
const slice = (c: Partial<ChildOrder>): ChildOrder => ({
  clientOrderId: `c${++n}`,
  role: 'slice',
  side: 'BUY',
  type: 'LIMIT',
  volume: '0.3',
  price: '100',
  state: 'final',
  status: 'FILLED',
  orderId: String(n),
  filled: '0.3',
  ...c
})

describe('an iceberg', () => {
  it('shows the visible quantity, then the next slice once it fills, the last one what is left', () => {
    expect(decide(iceberg(), now)).toMatchObject({
      do: 'place',
      child: { role: 'slice', side: 'BUY', type: 'LIMIT', volume: '0.3', price: '100' }
    })
    const showing = iceberg([slice({ state: 'open', status: 'PARTIALLY_FILLED', filled: '0.1' })])
    expect(decide(showing, now)).toMatchObject({
      do: 'wait',
      next: { key: 'algos.next.iceberg', params: { shown: '0.3', filled: '0.1', total: '1' } }
    })
    const three = iceberg([slice({}), slice({}), slice({})])
    expect(decide(three, now)).toMatchObject({ do: 'place', child: { volume: '0.1' } })
    expect(decide(iceberg([...three.children, slice({ volume: '0.1', filled: '0.1' })]), now)).toMatchObject({
      do: 'end',
      state: 'done'
    })
  })

  it('reconciles a slice of unknown outcome before placing another', () => {
    const unknown = iceberg([
      slice({}),
      slice({ state: 'placing', orderId: undefined, filled: '0', status: undefined })
    ])
    expect(decide(unknown, now)).toMatchObject({ do: 'reconcile-place' })
  })

  it('a slice cancelled outside the algorithm, or refused, fails it in words', () => {
    expect(decide(iceberg([slice({ status: 'CANCELED', filled: '0.1' })]), now)).toMatchObject({
      do: 'fail',
      reason: { key: 'algos.reason.endedOutside' }
    })
    expect(decide(iceberg([slice({ state: 'not-placed', filled: '0' })]), now)).toMatchObject({
      do: 'fail',
      reason: { key: 'algos.reason.notPlaced' }
    })
  })
})

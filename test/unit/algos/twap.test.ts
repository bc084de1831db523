// The TWAP's state machine (src-main/algos/twap.ts): slices at their journaled times, what a slice did not fill
// cancelled and carried at the next slice's time, slices missed while closed carried into the one due, the end.
import { describe, expect, it } from 'vitest'
import { decide } from '../../../src-main/algos/machine'
import { clock } from '../../../src-main/algos/steps'
import { twapSchedule } from '../../../src-main/algos/twap'
import type { Algo, AlgoSpec, ChildOrder } from '../../../src-main/algos/types'

const spec: AlgoSpec = {
  kind: 'twap',
  module: 'spot',
  symbol: 'btcusdt',
  side: 'BUY',
  quantity: '1',
  limitPrice: '100',
  durationSeconds: 40,
  slices: 4,
  fireLate: false
}
const twap = (children: ChildOrder[] = []): Algo => ({
  id: 'a',
  profileId: 'p',
  spec,
  state: 'working',
  children,
  schedule: twapSchedule(spec, 0, () => 0),
  rules: { pricePrecision: 2, quantityPrecision: 3, limitVolumeMin: '0.001' },
  createdAt: 0,
  updatedAt: 0
})
const slice = (k: number, c: Partial<ChildOrder>): ChildOrder => ({
  clientOrderId: `c${k}`,
  role: 'slice',
  side: 'BUY',
  type: 'LIMIT',
  volume: '0.25',
  price: '100',
  state: 'open',
  orderId: String(k),
  filled: '0',
  slice: k,
  ...c
})

describe('a TWAP', () => {
  it('draws its slice times once: evenly spaced, jitter moves each later by at most half an interval', () => {
    expect(twapSchedule(spec, 1000, () => 0.999)).toEqual([1000, 1000 + 10_000, 1000 + 20_000, 1000 + 30_000])
    expect(twapSchedule({ ...spec, jitter: true }, 1000, () => 0.5)).toEqual([1000, 13_500, 23_500, 33_500])
  })

  it('places a slice at its time, carries what it did not fill to the next, the last takes what is left', () => {
    expect(decide(twap(), { now: 0 })).toMatchObject({ do: 'place', child: { volume: '0.25', price: '100', slice: 0 } })
    const first = twap([slice(0, { filled: '0.1' })])
    expect(decide(first, { now: 9_999 })).toMatchObject({
      do: 'wait',
      next: { key: 'algos.next.twapSlice', params: { slice: 1, until: clock(10_000) } }
    })
    expect(decide(first, { now: 10_000 })).toMatchObject({ do: 'cancel', child: { clientOrderId: 'c0' } })
    const carried = twap([slice(0, { filled: '0.1', state: 'final', status: 'CANCELED', cancelled: true })])
    // (1 - 0.1) over 3 slices left, rounded down to the size's decimals.
    expect(decide(carried, { now: 10_000 })).toMatchObject({ do: 'place', child: { volume: '0.3', slice: 1 } })
    const filled = twap([slice(0, { filled: '0.25', state: 'final', status: 'FILLED' })])
    expect(decide(filled, { now: 5_000 })).toMatchObject({
      do: 'wait',
      next: { key: 'algos.next.twapNext', params: { slice: 2, at: clock(10_000) } }
    })
    const third = twap([
      slice(0, { filled: '0.25', state: 'final', status: 'FILLED' }),
      slice(1, { volume: '0.333', filled: '0.333', state: 'final', status: 'FILLED' }),
      slice(2, { volume: '0.208', filled: '0.2', state: 'final', status: 'CANCELED', cancelled: true })
    ])
    expect(decide(third, { now: 30_000 })).toMatchObject({ do: 'place', child: { volume: '0.217', slice: 3 } })
  })

  it('resumes at the slice due after a restart: missed slices carried into it; after its end it ends', () => {
    const resumed = twap([slice(0, { filled: '0.25', state: 'final', status: 'FILLED' })])
    expect(decide(resumed, { now: 25_000 })).toMatchObject({ do: 'place', child: { volume: '0.375', slice: 2 } })
    expect(decide(resumed, { now: 40_000 })).toMatchObject({
      do: 'end',
      state: 'done',
      reason: { key: 'algos.reason.twapEnded', params: { filled: '0.25', total: '1' } }
    })
    // The last slice's rest is cancelled at the end of the duration.
    const last = twap([slice(3, { volume: '1', filled: '0.5' })])
    expect(decide(last, { now: 40_000 })).toMatchObject({ do: 'cancel' })
  })

  it('reconciles a slice of unknown outcome first, even when its time is over', () => {
    const unknown = twap([slice(0, { state: 'placing', orderId: undefined })])
    expect(decide(unknown, { now: 15_000 })).toMatchObject({ do: 'reconcile-place' })
  })
})

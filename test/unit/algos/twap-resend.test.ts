// A TWAP's slice sent again after its limit price was edited (src-main/algos/twap.ts, the service's edit check): never
// more than what its own slice left, below the symbol's minimum carried into the next slice (never a refused order),
// the last one below it ending the algorithm in words; the service checks the order that will be sent again.
import { describe, expect, it } from 'vitest'
import { decide } from '../../../src-main/algos/machine'
import { twapSchedule } from '../../../src-main/algos/twap'
import type { Algo, AlgoSpec, ChildOrder } from '../../../src-main/algos/types'
import { serviceRig } from './algo-rig'

const RULES = { pricePrecision: 2, quantityPrecision: 3, limitVolumeMin: '0.1' }
const spec: AlgoSpec = {
  kind: 'twap',
  module: 'spot',
  symbol: 'btcusdt',
  side: 'BUY',
  quantity: '1',
  limitPrice: '101',
  durationSeconds: 40,
  slices: 4,
  fireLate: false
}
const twap = (children: ChildOrder[], rest: Partial<Algo> = {}): Algo => ({
  id: '0b8f6c52-6a1f-4c39-9a57-2d2a7a0f0002',
  profileId: 'p',
  spec,
  state: 'working',
  children,
  schedule: twapSchedule(spec, 0, () => 0),
  rules: RULES,
  createdAt: 0,
  updatedAt: 0,
  ...rest
})
const slice = (k: number, c: Partial<ChildOrder>): ChildOrder => ({
  clientOrderId: `c${k}`,
  role: 'slice',
  side: 'BUY',
  type: 'LIMIT',
  volume: '0.25',
  price: '100',
  state: 'final',
  status: 'CANCELED',
  cancelled: true,
  orderId: String(k),
  filled: '0',
  slice: k,
  ...c
})

describe("a TWAP's slice sent again after a limit edit", () => {
  it('is what its own slice left (0.25 - 0.1), not its share of all that is left (0.9 / 4)', () => {
    expect(decide(twap([slice(0, { filled: '0.1' })]), { now: 1 })).toMatchObject({
      do: 'place',
      child: { volume: '0.15', price: '101', slice: 0 }
    })
  })

  it('below the minimum it is not sent: carried into the next slice, which sends its share at its time', () => {
    const a = twap([slice(0, { filled: '0.2' })])
    expect(decide(a, { now: 1 })).toMatchObject({ do: 'wait', next: { key: 'algos.next.twapNext' } })
    expect(decide(a, { now: 10_000 })).toMatchObject({ do: 'place', child: { volume: '0.266', slice: 1 } })
  })

  it('the last slice below the minimum ends the algorithm in words, never sending a refused order', () => {
    const filled = (k: number): ChildOrder =>
      slice(k, { price: '101', status: 'FILLED', cancelled: false, filled: '0.3', volume: '0.3' })
    const a = twap([filled(0), filled(1), filled(2), slice(3, { volume: '0.1', filled: '0.05' })])
    expect(decide(a, { now: 35_000 })).toEqual({
      do: 'end',
      state: 'done',
      reason: {
        key: 'algos.reason.twapBelowMin',
        params: { left: '0.05', min: '0.1', filled: '0.95', total: '1' }
      }
    })
  })
})

describe("the service's edit check of a TWAP", () => {
  const service = serviceRig()

  it('checks the slice that will be sent again (what its own slice left), at the new price', async () => {
    const paused = twap([slice(0, { state: 'open', status: 'NEW', cancelled: undefined, filled: '0.05' })], {
      spec: { ...spec, limitPrice: '100' },
      state: 'paused',
      pausedFrom: 'working'
    })
    const checked: string[] = []
    // Paused: nothing is sent (the rig's venue fails the test when called).
    const s = service({
      journal: [paused],
      check: async (_p, _m, c) => {
        checked.push(`${c.volume}@${c.price}`)
      },
      rules: async () => RULES
    })
    await s.edit({ id: paused.id, limitPrice: '102' })
    // The first slice at the new price (as a create), and the slice sent again: 0.25 - 0.05.
    expect(checked).toEqual(['0.25@102', '0.2@102'])
  })
})

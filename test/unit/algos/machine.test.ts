// The algorithms' state machines (src-main/algos/machine.ts) as pure functions: triggers on the last price, the
// trailing stop's price, a trigger missed while the terminal was closed, and what each state does next.
import { describe, expect, it } from 'vitest'
import { decide, onPrice, trailingStop } from '../../../src-main/algos/machine'
import type { Algo, AlgoSpec, ChildOrder } from '../../../src-main/algos/types'

const algo = (spec: Partial<AlgoSpec>, rest: Partial<Algo> = {}): Algo => ({
  id: 'a',
  profileId: 'p',
  spec: {
    kind: 'stop-limit',
    module: 'spot',
    symbol: 'btcusdt',
    side: 'SELL',
    quantity: '1',
    fireLate: false,
    ...spec
  },
  state: 'waiting',
  children: [],
  createdAt: 0,
  updatedAt: 0,
  ...rest
})
const child = (c: Partial<ChildOrder>): ChildOrder => ({
  clientOrderId: 'c1',
  role: 'limit',
  side: 'SELL',
  type: 'LIMIT',
  volume: '1',
  price: '110',
  state: 'open',
  orderId: '1',
  filled: '0',
  ...c
})

describe('triggers on the last price', () => {
  it('a SELL stop fires at or below its trigger, a BUY stop at or above; exact decimals', () => {
    const sell = algo({ triggerPrice: '90.10', stopLimitPrice: '90' })
    expect(onPrice(sell, '90.11', 1, false)).toBeNull()
    expect(onPrice(sell, '90.1', 1, false)?.triggered).toEqual({ price: '90.1', at: 1, late: false })
    const buy = algo({ side: 'BUY', triggerPrice: '110', stopLimitPrice: '111' })
    expect(onPrice(buy, '109.999999', 1, false)).toBeNull()
    expect(onPrice(buy, '110.0', 1, false)?.triggered?.price).toBe('110.0')
  })

  it('a paused or ended algorithm, or one already fired, ignores prices', () => {
    for (const state of ['paused', 'stopping', 'done', 'cancelled', 'failed'] as const)
      expect(onPrice(algo({ triggerPrice: '90' }, { state }), '1', 1, false)).toBeNull()
    expect(
      onPrice(algo({ triggerPrice: '90' }, { triggered: { price: '89', at: 0, late: false } }), '1', 1, false)
    ).toBeNull()
  })

  it('the trailing stop follows the best price and fires that far behind it', () => {
    let a = algo({ kind: 'trailing-stop', trailPercent: '5' })
    expect(trailingStop(a)).toBeNull()
    a = onPrice(a, '100', 1, false)!
    a = onPrice(a, '120', 2, false)!
    expect(trailingStop(a)).toBe('114')
    expect(onPrice(a, '115', 3, false)).toBeNull() // worse, not far enough: nothing changes
    expect(onPrice(a, '114', 4, false)?.triggered?.price).toBe('114')
    let b = algo({ kind: 'trailing-stop', side: 'BUY', trailPercent: '2.5' })
    b = onPrice(b, '80', 1, false)!
    expect(trailingStop(b)).toBe('82')
  })

  it("the trailing stop is on the symbol's ticks, rounded against the trader; its words name the side in words", () => {
    const rules = { pricePrecision: 2, quantityPrecision: 6, limitVolumeMin: '0.0001' }
    let a = algo({ kind: 'trailing-stop', trailPercent: '2.5' }, { rules })
    a = onPrice(a, '64780.45', 1, false)! // 64780.45 x 0.975 = 63160.93875
    expect(trailingStop(a)).toBe('63160.93') // a SELL stop fires lower: down
    expect(decide(a)).toEqual({
      do: 'wait',
      next: { key: 'algos.next.trigger', params: { side: 'algoUi.sides.SELL', trigger: '63160.93' } }
    })
    expect(onPrice(a, '63160.94', 2, false)).toBeNull()
    expect(onPrice(a, '63160.93', 3, false)?.triggered?.price).toBe('63160.93')
    let b = algo({ kind: 'trailing-stop', side: 'BUY', trailPercent: '2.5' }, { rules })
    b = onPrice(b, '64780.45', 1, false)! // 64780.45 x 1.025 = 66399.96125
    expect(trailingStop(b)).toBe('66399.97') // a BUY stop fires higher: up
  })

  it('past its trigger at the first price after a restart: paused and said, unless fire-late was chosen', () => {
    const missed = onPrice(algo({ triggerPrice: '90' }), '85', 5, true)!
    expect(missed).toMatchObject({ state: 'paused', pausedFrom: 'waiting', missed: { price: '85', at: 5 } })
    expect(missed.triggered).toBeUndefined()
    expect(missed.reason).toMatchObject({ key: 'algos.reason.missed', params: { price: '85', trigger: '90' } })
    const late = onPrice(algo({ triggerPrice: '90', fireLate: true }), '85', 5, true)!
    expect(late).toMatchObject({ state: 'waiting', triggered: { late: true } })
    expect(onPrice(algo({ triggerPrice: '90' }), '95', 5, true)).toBeNull() // not crossed: nothing missed
  })
})

describe('what an algorithm does next', () => {
  const oco = (rest: Partial<Algo>): Algo =>
    algo({ kind: 'oco', limitPrice: '110', triggerPrice: '90', stopLimitPrice: '89' }, { state: 'working', ...rest })

  it('an unknown child outcome is reconciled before anything else, even when stopping', () => {
    const placing = child({ state: 'placing', orderId: undefined })
    expect(decide(oco({ children: [placing], state: 'stopping' }))).toMatchObject({ do: 'reconcile-place' })
    const cancelling = child({ state: 'cancelling' })
    expect(decide(oco({ children: [cancelling], triggered: { price: '1', at: 0, late: false } }))).toMatchObject({
      do: 'reconcile-cancel'
    })
  })

  it('an OCO places its limit, cancels it when the stop fires, then sends the stop for what is left', () => {
    expect(decide(oco({}))).toMatchObject({ do: 'place', child: { role: 'limit', volume: '1', price: '110' } })
    const fired = { triggered: { price: '89.5', at: 0, late: false } }
    expect(decide(oco({ children: [child({ filled: '0.3' })], ...fired }))).toMatchObject({ do: 'cancel' })
    const after = decide(oco({ children: [child({ state: 'final', status: 'CANCELED', filled: '0.3' })], ...fired }))
    expect(after).toMatchObject({ do: 'place', child: { role: 'stop', type: 'LIMIT', price: '89', volume: '0.7' } })
    const filled = decide(oco({ children: [child({ state: 'final', status: 'FILLED', filled: '1' })], ...fired }))
    expect(filled).toMatchObject({ do: 'end', state: 'done' })
  })

  it('a limit ended outside the algorithm fails it, in words', () => {
    const d = decide(oco({ children: [child({ state: 'final', status: 'CANCELED' })] }))
    expect(d).toMatchObject({
      do: 'fail',
      reason: { key: 'algos.reason.endedOutside', params: { status: 'CANCELED' } }
    })
  })

  it('stopping cancels live children first, then ends as asked', () => {
    const stopping = { state: 'stopping' as const, stopping: { end: 'cancelled' as const, reason: { key: 'k' } } }
    expect(decide(oco({ children: [child({})], ...stopping }))).toMatchObject({ do: 'cancel' })
    expect(decide(oco({ children: [child({ state: 'final', status: 'CANCELED' })], ...stopping }))).toMatchObject({
      do: 'end',
      state: 'cancelled'
    })
  })

  it('a stop-market sends a MARKET order for the whole quantity once fired; paused waits', () => {
    const a = algo({ kind: 'stop-market', triggerPrice: '90' }, { triggered: { price: '90', at: 0, late: false } })
    expect(decide(a)).toMatchObject({ do: 'place', child: { role: 'stop', type: 'MARKET', volume: '1' } })
    expect(decide({ ...a, state: 'paused' })).toMatchObject({ do: 'wait', next: { key: 'algos.next.paused' } })
  })
})

// Safe edits of a running algorithm (src-main/algos/edits.ts, the engine's and the service's edit): which fields each
// kind lets change, refusals in words (ended, in flight, a stop that fired, the rules between fields, the symbol's
// rules), the edit journaled with what it changed, and a TWAP's live slice moved to an edited limit price.
import { describe, expect, it } from 'vitest'
import { AlgoEngine } from '../../../src-main/algos/algo-engine'
import { editableNow, readEdit } from '../../../src-main/algos/edits'
import { decide } from '../../../src-main/algos/machine'
import { twapSchedule } from '../../../src-main/algos/twap'
import type { Algo, AlgoSpec, ChildOrder } from '../../../src-main/algos/types'
import { ServiceError } from '../../../src-main/services/errors'
import { MemoryStore, NO_PRICES, refusingVenue, serviceRig } from './algo-rig'

const RULES = { pricePrecision: 2, quantityPrecision: 3, limitVolumeMin: '0.01' }
const algo = (spec: Partial<AlgoSpec>, rest: Partial<Algo> = {}): Algo => ({
  id: '0b8f6c52-6a1f-4c39-9a57-2d2a7a0f0001',
  profileId: 'p',
  spec: {
    kind: 'stop-limit',
    module: 'spot',
    symbol: 'btcusdt',
    side: 'SELL',
    quantity: '1',
    triggerPrice: '90',
    stopLimitPrice: '89',
    fireLate: false,
    ...spec
  },
  state: 'waiting',
  children: [],
  rules: RULES,
  createdAt: 0,
  updatedAt: 0,
  ...rest
})
const slice = (c: Partial<ChildOrder>): ChildOrder => ({
  clientOrderId: 'c0',
  role: 'slice',
  side: 'BUY',
  type: 'LIMIT',
  volume: '0.25',
  price: '100',
  state: 'open',
  orderId: '1',
  filled: '0',
  slice: 0,
  ...c
})
const twapSpec: Partial<AlgoSpec> = {
  kind: 'twap',
  side: 'BUY',
  triggerPrice: undefined,
  stopLimitPrice: undefined,
  limitPrice: '100',
  durationSeconds: 40,
  slices: 4
}
const twap = (children: ChildOrder[]): Algo => {
  const a = algo(twapSpec, { state: 'working', children })
  return { ...a, spec: { ...a.spec, limitPrice: '101' }, schedule: twapSchedule(a.spec, 0, () => 0) }
}
const refusal = (r: ReturnType<typeof readEdit>) => (r.ok ? null : { field: r.field, key: r.words.key })

describe('what a safe edit may change', () => {
  it('per kind: a stop its trigger and limit, a trail, a TWAP its limit, a chase its bound and interval', () => {
    expect(editableNow(algo({}))).toEqual(['triggerPrice', 'stopLimitPrice'])
    expect(editableNow(algo({ kind: 'iceberg' }))).toEqual(['visibleQuantity'])
    expect(editableNow(algo({ kind: 'chase' }))).toEqual(['limitPrice', 'maxDistancePercent', 'intervalSeconds'])
    expect(editableNow(algo({ kind: 'oco' }))).toEqual([])
    // Nothing once it ended or is stopping, or once its stop fired.
    expect(editableNow(algo({}, { state: 'done' }))).toEqual([])
    expect(editableNow(algo({}, { state: 'stopping' }))).toEqual([])
    expect(editableNow(algo({}, { triggered: { price: '89', at: 1, late: false } }))).toEqual([])
  })

  it('reads the edited spec and what changed (from, to)', () => {
    const r = readEdit(algo({}, { state: 'paused' }), { triggerPrice: '91', stopLimitPrice: '89' }, 5)
    expect(r).toMatchObject({
      ok: true,
      spec: { triggerPrice: '91', stopLimitPrice: '89', quantity: '1' },
      edit: { at: 5, changes: [{ field: 'triggerPrice', from: '90', to: '91' }] }
    })
  })

  it("a field sent empty (undefined) keeps the running spec's value: an edit never erases a chase's limit", () => {
    const chase: Algo = {
      ...algo({}),
      spec: {
        kind: 'chase',
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        quantity: '1',
        limitPrice: '100',
        maxDistancePercent: '1',
        intervalSeconds: 5,
        fireLate: false
      }
    }
    const r = readEdit(chase, { limitPrice: undefined, maxDistancePercent: '2' }, 3)
    expect(r).toMatchObject({ ok: true })
    if (!r.ok) return
    expect(r.spec.limitPrice).toBe('100')
    expect(r.spec.maxDistancePercent).toBe('2')
    expect(Object.keys(r.spec)).toContain('limitPrice')
    expect(r.edit.changes).toEqual([{ field: 'maxDistancePercent', from: '1', to: '2' }])
  })

  it('refuses in words: a field its kind keeps, nothing changed, ended, a child in flight, a stop fired, the rules', () => {
    expect(refusal(readEdit(algo({ kind: 'oco', limitPrice: '110' }), { limitPrice: '111' }, 1))).toEqual({
      field: 'limitPrice',
      key: 'algos.refuse.notEditable'
    })
    expect(refusal(readEdit(algo({}), { triggerPrice: '90' }, 1))?.key).toBe('algos.refuse.editNothing')
    expect(refusal(readEdit(algo({}, { state: 'cancelled' }), { triggerPrice: '91' }, 1))?.key).toBe(
      'algos.refuse.editEnded'
    )
    const inFlight = algo(twapSpec, { state: 'working', children: [slice({ state: 'placing' })] })
    expect(refusal(readEdit(inFlight, { limitPrice: '99' }, 1))?.key).toBe('algos.refuse.editInFlight')
    const fired = algo({}, { triggered: { price: '89', at: 1, late: false } })
    expect(refusal(readEdit(fired, { triggerPrice: '91' }, 1))?.key).toBe('algos.refuse.editFired')
    const iceberg = algo({
      kind: 'iceberg',
      triggerPrice: undefined,
      stopLimitPrice: undefined,
      limitPrice: '100',
      visibleQuantity: '0.2'
    })
    expect(refusal(readEdit(iceberg, { visibleQuantity: '1.5' }, 1))).toEqual({
      field: 'visibleQuantity',
      key: 'algos.refuse.visibleAbove'
    })
    const trail = algo({ kind: 'trailing-stop', triggerPrice: undefined, stopLimitPrice: undefined, trailPercent: '5' })
    expect(refusal(readEdit(trail, { trailPercent: '100' }, 1))?.key).toBe('algos.refuse.trailRange')
  })
})

describe("a TWAP's edited limit price", () => {
  it('its live slice at the old price is cancelled, then sent again for its slice at the new price', () => {
    expect(decide(twap([slice({})]), { now: 1 })).toMatchObject({ do: 'cancel', child: { clientOrderId: 'c0' } })
    const cancelled = twap([slice({ state: 'final', status: 'CANCELED', cancelled: true, filled: '0.1' })])
    // What its own slice left (0.25 - 0.1), never more than its slice: the same slice, at the new price.
    expect(decide(cancelled, { now: 2 })).toMatchObject({
      do: 'place',
      child: { price: '101', volume: '0.15', slice: 0 }
    })
    // At the new price it waits for its time.
    const moved = twap([
      slice({ state: 'final', status: 'CANCELED', cancelled: true, filled: '0.1' }),
      slice({ clientOrderId: 'c1', orderId: '2', price: '101', volume: '0.15' })
    ])
    expect(decide(moved, { now: 3 })).toMatchObject({ do: 'wait', next: { key: 'algos.next.twapSlice' } })
  })

  it("a slice sent again below the symbol's minimum is not sent: what it left is carried into the next slice", () => {
    const a = twap([slice({ state: 'final', status: 'CANCELED', cancelled: true, filled: '0.24' })])
    const strict = { ...a, rules: { ...RULES, limitVolumeMin: '0.2' } }
    // (1 - 0.24) over 4 is 0.19, below 0.2: it waits for slice 2, which takes 0.76 over 3.
    expect(decide(strict, { now: 2 })).toMatchObject({ do: 'wait', next: { key: 'algos.next.twapNext' } })
    expect(decide(strict, { now: 10_000 })).toMatchObject({ do: 'place', child: { volume: '0.253', slice: 1 } })
  })
})

// Waiting stops send nothing: any call to the venue is a failure of the test.
const venue = refusingVenue()

describe("the engine's and the service's edit", () => {
  const service = serviceRig()

  it('journals the edited spec and the edit; a trigger moved after a miss clears the miss (resume watches it)', async () => {
    const missed = algo(
      {},
      {
        state: 'paused',
        pausedFrom: 'waiting',
        missed: { price: '85', at: 1 },
        reason: { key: 'algos.reason.missed', params: { price: '85', trigger: '90' } }
      }
    )
    const store = new MemoryStore([missed])
    const engine = new AlgoEngine({ profileId: 'p', store, venue, prices: NO_PRICES, now: () => 7 })
    try {
      const a = await engine.edit(missed.id, { triggerPrice: '80' })
      expect(a.spec.triggerPrice).toBe('80')
      expect(a.missed).toBeUndefined()
      expect(a.state).toBe('paused')
      expect(store.saved[0]!.edits).toEqual([{ at: 7, changes: [{ field: 'triggerPrice', from: '90', to: '80' }] }])
      await expect(engine.edit(missed.id, { limitPrice: '1' })).rejects.toMatchObject({
        contractError: { words: { key: 'algos.refuse.notEditable' } }
      })
      expect(store.saved[0]!.spec.triggerPrice).toBe('80') // a refusal changes nothing
    } finally {
      await engine.close()
    }
  })

  it("the service holds the edited algorithm's orders to the symbol's rules: an iceberg's last part too", async () => {
    const iceberg = algo({
      kind: 'iceberg',
      side: 'BUY',
      triggerPrice: undefined,
      stopLimitPrice: undefined,
      limitPrice: '100',
      visibleQuantity: '0.2'
    })
    const checked: string[] = []
    const s = service({
      journal: [{ ...iceberg, state: 'paused' }],
      check: async (_p, _s, c) => {
        checked.push(`${c.volume}@${c.price}`)
        if (c.volume === '0.01') throw new ServiceError('order-rule', { key: 'order.rule.minQty' })
      },
      rules: async () => RULES
    })
    // 1 over visible parts of 0.33 leaves 0.01 for the last: below what the symbol takes, refused, nothing changed.
    await expect(s.edit({ id: iceberg.id, visibleQuantity: '0.33' })).rejects.toMatchObject({
      contractError: { words: { key: 'order.rule.minQty' } }
    })
    expect(s.list({}).map((a) => a.visibleQuantity)).toEqual(['0.2'])
    const edited = await s.edit({ id: iceberg.id, visibleQuantity: '0.25' })
    expect(edited.visibleQuantity).toBe('0.25')
    expect(edited.editable).toEqual(['visibleQuantity'])
    expect(edited.edits).toMatchObject([{ changes: [{ field: 'visibleQuantity', from: '0.2', to: '0.25' }] }])
    expect(checked).toEqual(['0.33@100', '0.01@100', '0.25@100'])
  })
})

// Algorithms on futures (issue 19): the spec read as the user said it (a contract, open or close and the margin mode
// explicit, only the kinds that run there: TWAP, iceberg), the contract's rules asked for and every slice checked
// against them, the slices in whole contracts never over the total, and each child sent to futures with the open or
// close it was given (a CLOSE only reduces at the venue: a closing TWAP never opens the other way).
import { describe, expect, it } from 'vitest'
import type { AlgoMarketRef, AlgoService, ChildCheck } from '../../../src-main/algos/algo-service'
import type { AlgoVenue } from '../../../src-main/algos/algo-venue'
import { decide } from '../../../src-main/algos/machine'
import { twapSchedule } from '../../../src-main/algos/twap'
import type { Algo, AlgoSpec, ChildOrder } from '../../../src-main/algos/types'
import { readAlgoSpec } from '../../../src-shared/ipc/schemas/algos'
import { FakeVenue } from '../../property/algo-fake-venue'
import { serviceRig } from './algo-rig'
import { CONTRACT_RULES, futuresTwap, long } from './futures-fixture'

/** A TWAP closing a long of 7 contracts at 100, in 3 slices over 30 s. */
const closingTwap = futuresTwap()

describe('a futures algorithm read as typed', () => {
  it('takes a TWAP on a contract with its open or close and margin mode', () => {
    expect(readAlgoSpec(closingTwap)).toEqual({ ok: true })
  })

  it('refuses in words naming the field: a market open, a spot symbol, open or margin missing, futures fields on spot', () => {
    const stop = { ...closingTwap, kind: 'stop-market' as const, triggerPrice: '90', limitPrice: undefined }
    const { durationSeconds: _d, slices: _s, ...stopMarket } = stop
    expect(readAlgoSpec(stopMarket)).toEqual({ ok: true }) // a market CLOSE is in contracts
    expect(readAlgoSpec({ ...stopMarket, open: 'OPEN' })).toEqual({
      ok: false,
      field: 'open',
      words: { key: 'algos.refuse.marketOpen', params: { kind: 'algoUi.kindIn.stop-market' } }
    })
    expect(readAlgoSpec({ ...closingTwap, symbol: 'btcusdt' })).toMatchObject({
      field: 'symbol',
      words: { key: 'algos.refuse.symbolOfModule', params: { symbol: 'btcusdt' } }
    })
    expect(readAlgoSpec({ ...closingTwap, open: undefined })).toMatchObject({
      field: 'open',
      words: { key: 'algos.refuse.futuresOpen' }
    })
    expect(readAlgoSpec({ ...closingTwap, positionType: undefined })).toMatchObject({
      field: 'positionType',
      words: { key: 'algos.refuse.futuresMargin' }
    })
    const spot = { ...closingTwap, module: 'spot' as const, symbol: 'btcusdt' }
    expect(readAlgoSpec(spot)).toMatchObject({ field: 'open', words: { key: 'algos.refuse.futuresOnly' } })
    expect(readAlgoSpec({ ...spot, open: undefined, positionType: undefined })).toEqual({ ok: true })
    expect(readAlgoSpec({ ...spot, open: undefined, positionType: undefined, symbol: 'E-BTC-USDT' })).toMatchObject({
      field: 'symbol'
    })
  })
})

describe('a futures TWAP sized in whole contracts', () => {
  const spec = closingTwap as AlgoSpec
  const rules = CONTRACT_RULES
  const twap = (children: ChildOrder[]): Algo => ({
    id: 'a',
    profileId: 'p',
    spec,
    state: 'working',
    children,
    schedule: twapSchedule(spec, 0, () => 0),
    rules,
    createdAt: 0,
    updatedAt: 0
  })
  const slice = (k: number, volume: string, filled: string): ChildOrder => ({
    clientOrderId: `c${k}`,
    role: 'slice',
    side: 'SELL',
    type: 'LIMIT',
    volume,
    price: '100',
    state: 'final',
    status: filled === volume ? 'FILLED' : 'CANCELED',
    cancelled: filled !== volume,
    orderId: String(k),
    filled,
    slice: k
  })

  it('slices are whole contracts, the last takes what is left, their sum never over the total', () => {
    expect(decide(twap([]), { now: 0 })).toMatchObject({ do: 'place', child: { volume: '2', slice: 0 } })
    // 1 of the first 2 filled: 6 left over 2 slices.
    expect(decide(twap([slice(0, '2', '1')]), { now: 10_000 })).toMatchObject({
      do: 'place',
      child: { volume: '3', slice: 1 }
    })
    const two = [slice(0, '2', '2'), slice(1, '2', '2')]
    expect(decide(twap(two), { now: 20_000 })).toMatchObject({ do: 'place', child: { volume: '3', slice: 2 } })
  })
})

describe("the service's futures plumbing", () => {
  const service = serviceRig()

  function setup(): {
    service: AlgoService
    venue: FakeVenue
    places: Parameters<AlgoVenue['place']>[0][]
    checks: [AlgoMarketRef, ChildCheck][]
    ruleAsks: AlgoMarketRef[]
    reads: (string | undefined)[]
  } {
    const venue = new FakeVenue()
    const places: Parameters<AlgoVenue['place']>[0][] = []
    venue.journaled = () => new Set(places.map((p) => p.clientOrderId))
    const reads: (string | undefined)[] = []
    const checks: [AlgoMarketRef, ChildCheck][] = []
    const ruleAsks: AlgoMarketRef[] = []
    const recording: AlgoVenue = {
      place: (r) => {
        places.push(r)
        return venue.place(r)
      },
      placeBatch: (s, o) => venue.placeBatch(s, o),
      cancel: (s, id, m) => {
        reads.push(m)
        return venue.cancel(s, id)
      },
      find: (s, id, m) => {
        reads.push(m)
        return venue.find(s, id)
      },
      read: (s, id, m) => {
        reads.push(m)
        return venue.read(s, id)
      },
      best: () => venue.best()
    }
    const s = service({
      venue: () => recording,
      check: async (_p, market, child) => {
        checks.push([market, child])
        if (child.volume === '0') throw new Error('never a slice of nothing')
      },
      rules: async (_p, market) => {
        ruleAsks.push(market)
        return CONTRACT_RULES
      },
      // A long of 7 contracts: the closing TWAP's total.
      positions: async () => [long('7')],
      pollMs: 20
    })
    return { service: s, venue, places, checks, ruleAsks, reads }
  }

  it("asks the contract's rules, checks the slice with its CLOSE, and sends it to futures closing", async () => {
    const { service, places, checks, ruleAsks, reads } = setup()
    const a = await service.create({ ...closingTwap })
    expect(a).toMatchObject({ module: 'futures', symbol: 'E-BTC-USDT', open: 'CLOSE', positionType: 1 })
    expect(ruleAsks).toEqual([{ module: 'futures', symbol: 'E-BTC-USDT' }])
    // The first slice, and the last, which takes what the others leave over (7 - 2 - 2).
    expect(checks).toEqual([
      [
        { module: 'futures', symbol: 'E-BTC-USDT' },
        { side: 'SELL', type: 'LIMIT', volume: '2', price: '100', open: 'CLOSE' }
      ],
      [
        { module: 'futures', symbol: 'E-BTC-USDT' },
        { side: 'SELL', type: 'LIMIT', volume: '3', price: '100', open: 'CLOSE' }
      ]
    ])
    await expect.poll(() => places.length).toBe(1)
    expect(places[0]).toMatchObject({
      market: 'futures',
      symbol: 'E-BTC-USDT',
      side: 'SELL',
      type: 'LIMIT',
      volume: '2',
      price: '100',
      open: 'CLOSE',
      positionType: 1
    })
    // Its live slice is read on futures (the poll), never on spot.
    await expect.poll(() => reads.length).toBeGreaterThan(0)
    expect(new Set(reads)).toEqual(new Set(['futures']))
  })

  it('an iceberg on futures: its visible part and last part checked with their OPEN, the visible part sent', async () => {
    const { service, places, checks } = setup()
    const iceberg = {
      ...closingTwap,
      kind: 'iceberg' as const,
      side: 'BUY' as const,
      open: 'OPEN' as const,
      positionType: 2 as const,
      quantity: '5',
      visibleQuantity: '2',
      durationSeconds: undefined,
      slices: undefined
    }
    expect(readAlgoSpec(iceberg)).toEqual({ ok: true })
    await service.create(iceberg)
    expect(checks.map(([, c]) => [c.volume, c.open])).toEqual([
      ['2', 'OPEN'],
      ['1', 'OPEN']
    ])
    await expect.poll(() => places.length).toBe(1)
    expect(places[0]).toMatchObject({ market: 'futures', volume: '2', open: 'OPEN', positionType: 2 })
  })

  it('refuses a total with more decimals than the market takes (a slice the venue would refuse midway)', async () => {
    const { service, places, checks } = setup()
    await expect(service.create({ ...closingTwap, quantity: '10.5', slices: 5 })).rejects.toMatchObject({
      contractError: {
        field: 'quantity',
        words: { key: 'algos.refuse.quantityDecimals', params: { quantity: '10.5', decimals: 0 } }
      }
    })
    const spot = {
      ...closingTwap,
      module: 'spot' as const,
      symbol: 'btcusdt',
      open: undefined,
      positionType: undefined
    }
    await expect(service.create({ ...spot, quantity: '1.5' })).rejects.toMatchObject({
      contractError: { field: 'quantity', words: { key: 'algos.refuse.quantityDecimals' } }
    })
    expect(service.list({ profileId: 'p' })).toEqual([])
    expect(checks).toEqual([])
    expect(places).toEqual([])
  })

  it('refuses a stop that would open at the market (sized in money) in words naming the field, creating nothing', async () => {
    const { service, places } = setup()
    await expect(
      service.create({
        ...closingTwap,
        kind: 'stop-market',
        open: 'OPEN',
        triggerPrice: '90',
        limitPrice: undefined,
        durationSeconds: undefined,
        slices: undefined
      })
    ).rejects.toMatchObject({ contractError: { field: 'open', words: { key: 'algos.refuse.marketOpen' } } })
    expect(service.list({ profileId: 'p' })).toEqual([])
    expect(places).toEqual([])
  })
})

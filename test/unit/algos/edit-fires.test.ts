// A stop's trigger or trail edited past the last price main follows for it would fire at once on the next price (at
// the market for a stop-market or trailing stop): the engine refuses it in words naming the last price and the
// trigger; without a known last price (none yet, a dead feed) the edit goes as before.
import { afterEach, describe, expect, it } from 'vitest'
import { AlgoEngine, type LastPrice } from '../../../src-main/algos/algo-engine'
import type { Algo, AlgoSpec } from '../../../src-main/algos/types'
import { MemoryStore, refusingVenue } from './algo-rig'

const stop = (id: string, spec: Partial<AlgoSpec>, rest: Partial<Algo> = {}): Algo => ({
  id,
  profileId: 'p',
  spec: {
    kind: 'stop-market',
    module: 'spot',
    symbol: 'btcusdt',
    side: 'SELL',
    quantity: '1',
    fireLate: true,
    ...spec
  },
  state: 'waiting',
  children: [],
  rules: { pricePrecision: 2, quantityPrecision: 3, limitVolumeMin: '0.001' },
  createdAt: 0,
  updatedAt: 0,
  ...rest
})

// Nothing fires in these tests: any call to the venue is a failure.
const venue = refusingVenue()
const engines: AlgoEngine[] = []
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close()
})

function setup(algos: Algo[]): { engine: AlgoEngine; tell: (id: string, p: LastPrice) => void } {
  const feeds = new Map<string, (p: LastPrice) => void>()
  let n = 0
  const engine = new AlgoEngine({
    profileId: 'p',
    store: new MemoryStore(algos),
    venue,
    // Each algorithm follows in the order it was loaded: its feed is told by its id.
    prices: {
      follow: (_s, fn) => {
        feeds.set(algos[n++]!.id, fn)
        return () => undefined
      }
    },
    pollMs: 50
  })
  engines.push(engine)
  return { engine, tell: (id, p) => feeds.get(id)!(p) }
}

describe('an edit that would fire a stop at once', () => {
  it("refuses a stop's trigger moved past the last price, naming both; a trigger short of it is taken", async () => {
    const { engine, tell } = setup([stop('s', { triggerPrice: '59000' })])
    tell('s', { price: '59900', at: 1 })
    await engine.idle()
    await expect(engine.edit('s', { triggerPrice: '60000' })).rejects.toMatchObject({
      contractError: {
        field: 'triggerPrice',
        words: { key: 'algos.refuse.editFires', params: { price: '59900', trigger: '60000' } }
      }
    })
    expect(engine.get('s')!.spec.triggerPrice).toBe('59000') // nothing changed
    expect((await engine.edit('s', { triggerPrice: '59500' })).spec.triggerPrice).toBe('59500')
  })

  it("a stop-limit's says its limit order would be sent; a paused stop is held to it too (it fires on resume)", async () => {
    const { engine, tell } = setup([
      stop(
        'l',
        { kind: 'stop-limit', side: 'BUY', triggerPrice: '61000', stopLimitPrice: '61100' },
        { state: 'paused', pausedFrom: 'waiting' }
      )
    ])
    tell('l', { price: '60500', at: 1 })
    await engine.idle()
    await expect(engine.edit('l', { triggerPrice: '60400' })).rejects.toMatchObject({
      contractError: { words: { key: 'algos.refuse.editFiresLimit', params: { price: '60500', trigger: '60400' } } }
    })
  })

  it("refuses a trailing stop's percent tightened so its stop is crossed, naming the stop it would have", async () => {
    const { engine, tell } = setup([stop('t', { kind: 'trailing-stop', trailPercent: '1' })])
    tell('t', { price: '60000', at: 1 })
    await engine.idle()
    tell('t', { price: '59800', at: 2 })
    await engine.idle()
    expect(engine.get('t')!.extreme).toBe('60000')
    await expect(engine.edit('t', { trailPercent: '0.2' })).rejects.toMatchObject({
      contractError: {
        field: 'trailPercent',
        words: { key: 'algos.refuse.editFires', params: { price: '59800', trigger: '59880' } }
      }
    })
    expect((await engine.edit('t', { trailPercent: '0.5' })).spec.trailPercent).toBe('0.5')
  })

  it('without a known last price (none yet, or its feed dead) the edit goes as before', async () => {
    const { engine, tell } = setup([stop('a', { triggerPrice: '59000' }), stop('b', { triggerPrice: '59000' })])
    expect((await engine.edit('a', { triggerPrice: '60000' })).spec.triggerPrice).toBe('60000')
    tell('b', { price: '59900', at: 1 })
    tell('b', { dead: 'the feed closed' })
    await engine.idle()
    expect((await engine.edit('b', { triggerPrice: '60000' })).spec.triggerPrice).toBe('60000')
  })
})

// The chart's drawings as a preference main keeps: app-wide (every profile sees a market's drawings), per market,
// each drawing checked by its rules (kind, points for the kind, decimal prices, colour, text length, the bound per
// market), refused by field and changing nothing, and the same after a restart (a new core on the same folder).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_DRAWINGS, type Drawing } from '@shared/ipc/schemas/preferences-drawings'
import { addVenueProfile, startRig, type Rig } from './harness'

let rig: Rig

beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false } })
})
afterAll(() => rig?.close())

const line = (id: string, p = '30000.5'): Drawing => ({
  id,
  kind: 'hline',
  points: [{ t: 1_700_000_000, p }],
  colour: '#f0b90b',
  text: '',
  locked: false
})
const btc: Drawing[] = [
  line('a1'),
  {
    id: 'b2',
    kind: 'channel',
    points: [
      { t: 1_700_000_000, p: '29000' },
      { t: 1_700_003_600, p: '29500.25' },
      { t: 1_700_001_800, p: '28800' }
    ],
    colour: '#3d8bfd',
    text: '',
    locked: true
  },
  {
    id: 'c3',
    kind: 'text',
    points: [{ t: 1_700_000_060, p: '0.00001234' }],
    colour: '#e6e8ec',
    text: '支撑 here',
    locked: false
  }
]
const eth: Drawing[] = [
  {
    id: 'd4',
    kind: 'fib',
    points: [
      { t: 1_700_000_000, p: '2000' },
      { t: 1_700_000_900, p: '2100' }
    ],
    colour: '#26c6da',
    text: '',
    locked: false
  }
]

describe('chart drawings in the preferences', () => {
  it('keeps each market its drawings, in order, for every profile and across a restart', async () => {
    await rig.client.invoke('preferences.set', {
      app: { drawings: { 'spot:btcusdt': btc, 'futures:E-ETH-USDT': eth } }
    })
    const dir = rig.dir
    await rig.close()
    rig = await startRig({ dir, embedded: { activity: false } })
    const v = await rig.client.invoke('preferences.get', {})
    expect(v.app.drawings).toEqual({ 'spot:btcusdt': btc, 'futures:E-ETH-USDT': eth })
    // Another profile sees the same drawings: they belong to the market, not the account.
    const { profileId } = await addVenueProfile(rig, { name: 'Other', baseUrl: rig.core.exchange.url })
    const other = await rig.client.invoke('preferences.get', { profileId })
    expect(other.app.drawings).toEqual({ 'spot:btcusdt': btc, 'futures:E-ETH-USDT': eth })
  })

  it('refuses a drawing out of its rules by field and keeps what was saved', async () => {
    const set = (list: unknown) =>
      rig.client.invoke('preferences.set', { app: { drawings: { 'spot:btcusdt': list } } } as never)
    await expect(set([{ ...line('x'), kind: 'zigzag' }])).rejects.toMatchObject({
      field: 'app.drawings.spot:btcusdt.0.kind'
    })
    await expect(set([{ ...line('x'), points: [...line('x').points, { t: 1, p: '1' }] }])).rejects.toMatchObject({
      message: expect.stringContaining("must hold as many points as the drawing's kind takes")
    })
    await expect(set([line('x', '1e5')])).rejects.toMatchObject({ field: 'app.drawings.spot:btcusdt.0.points.0.p' })
    await expect(set([line('x', '0')])).rejects.toMatchObject({ field: 'app.drawings.spot:btcusdt.0.points.0.p' })
    await expect(set([{ ...line('x'), colour: 'red' }])).rejects.toMatchObject({
      message: expect.stringContaining('must be a colour such as "#3d8bfd"')
    })
    await expect(set([{ ...line('x'), text: 'x'.repeat(201) }])).rejects.toMatchObject({
      message: expect.stringContaining('must be at most 200 characters')
    })
    const many = Array.from({ length: MAX_DRAWINGS + 1 }, (_, i) => line(`n${i}`))
    await expect(set(many)).rejects.toMatchObject({
      message: expect.stringContaining(`must hold at most ${MAX_DRAWINGS} drawings`)
    })
    await expect(
      rig.client.invoke('preferences.set', { app: { drawings: { 'spot:BTC': btc } } } as never)
    ).rejects.toMatchObject({ message: expect.stringContaining('keys must be market keys') })
    expect((await rig.client.invoke('preferences.get', {})).app.drawings['spot:btcusdt']).toEqual(btc)
  })
})

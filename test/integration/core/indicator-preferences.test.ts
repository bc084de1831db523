// The chart's indicators as a preference main keeps: per profile and market, checked by their rules, and the same
// after a restart (a new core on the same folder, as a new run of the terminal); a named layout's own sets (app-wide,
// in the arrangement) the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IndicatorSetting } from '@shared/ipc/schemas/preferences'
import { startRig, type Rig } from './harness'

let rig: Rig

beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false } })
})
afterAll(() => rig?.close())

const btc: IndicatorSetting[] = [
  { kind: 'bb', params: [20, 2.5], colours: ['#26c6da', '#f0b90b', '#26c6da'] },
  { kind: 'rsi', params: [9], colours: ['#c86ee6'] }
]
const eth: IndicatorSetting[] = [{ kind: 'macd', params: [12, 26, 9], colours: ['#3d8bfd', '#f0b90b', '#c86ee6'] }]

describe('chart indicators in the preferences', () => {
  it('keeps each market its own list, in order, across a restart', async () => {
    await rig.client.invoke('preferences.set', {
      profile: { indicators: { 'spot:btcusdt': btc, 'futures:E-ETH-USDT': eth } }
    })
    const dir = rig.dir
    await rig.close()
    rig = await startRig({ dir, embedded: { activity: false } })
    const v = await rig.client.invoke('preferences.get', {})
    expect(v.profile.indicators).toEqual({ 'spot:btcusdt': btc, 'futures:E-ETH-USDT': eth })
  })

  it('refuses an unknown kind, a colour that is not one and a parameter out of range, by field', async () => {
    const set = (list: unknown) =>
      rig.client.invoke('preferences.set', { profile: { indicators: { 'spot:btcusdt': list } } } as never)
    await expect(set([{ kind: 'zigzag', params: [], colours: ['#ffffff'] }])).rejects.toMatchObject({
      field: 'profile.indicators.spot:btcusdt.0.kind'
    })
    await expect(set([{ kind: 'sma', params: [20], colours: ['red'] }])).rejects.toMatchObject({
      message: expect.stringContaining('must be a colour such as "#3d8bfd"')
    })
    await expect(set([{ kind: 'sma', params: [0], colours: ['#ffffff'] }])).rejects.toMatchObject({
      message: expect.stringContaining('must be at least 0.001')
    })
    expect((await rig.client.invoke('preferences.get', {})).profile.indicators['spot:btcusdt']).toEqual(btc)
  })

  it("keeps a named layout's own sets across a restart, and refuses a bad one by field, changing nothing", async () => {
    const grid = { root: { type: 'branch', data: [] }, width: 1200, height: 600, orientation: 'HORIZONTAL' }
    const panels = { market: { id: 'market', contentComponent: 'market' } }
    const bands = { grid, panels, indicators: { 'spot:btcusdt': btc, 'spot:ethusdt': [] } }
    const main = { current: bands, active: 'Bands', saved: { Bands: bands, Plain: { grid, panels } } }
    await rig.client.invoke('preferences.set', { app: { layouts: { main } } })
    const bad = { ...bands, indicators: { 'spot:btcusdt': [{ ...btc[0]!, colours: ['#26c6da', 'red'] }] } }
    await expect(
      rig.client.invoke('preferences.set', {
        app: { layouts: { main: { ...main, saved: { ...main.saved, Bands: bad } } } }
      } as never)
    ).rejects.toMatchObject({
      field: 'app.layouts.main.saved.Bands.indicators.spot:btcusdt.0.colours.1',
      message: expect.stringContaining('must be a colour such as "#3d8bfd"')
    })
    await expect(
      rig.client.invoke('preferences.set', {
        app: { layouts: { main: { ...main, current: { ...bands, indicators: { 'spot:BTC': [] } } } } }
      } as never)
    ).rejects.toMatchObject({ message: expect.stringContaining('keys must be market keys such as "spot:btcusdt"') })
    const dir = rig.dir
    await rig.close()
    rig = await startRig({ dir, embedded: { activity: false } })
    expect((await rig.client.invoke('preferences.get', {})).app.layouts.main).toEqual(main)
  })
})

// A price alert that fires while no window follows its profile (every window closed) is kept by main and handed to
// the next window that follows the profile, once, with its time, for its notification center.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mul, roundToDecimals } from '@shared/decimal'
import type { AlertsEventView } from '@shared/ipc/views/alerts'
import type { Sequenced } from '@shared/ipc/views/common'
import { steer } from '../sim-control'
import { nextEvent, startRig, waitFor, type Rig } from './harness'

let rig: Rig

beforeAll(async () => {
  rig = await startRig({ tuning: { alertPollMs: 200 } })
})
afterAll(() => rig?.close())

const firstEvent = () =>
  nextEvent<Sequenced<AlertsEventView>>((l, end) => rig.client.subscribe('alerts.onChange', {}, l, end))

describe('alert fires no window heard', () => {
  it('come with the first event of the next subscription, once', async () => {
    const [ticker] = await rig.client.invoke('market.tickers', { module: 'spot', symbols: ['btcusdt'] })
    const level = roundToDecimals(mul(ticker!.close, '1.05'), 2, 'up')
    const alert = await rig.client.invoke('alerts.create', {
      module: 'spot',
      symbol: 'btcusdt',
      source: 'last',
      rule: { kind: 'cross', level, direction: 'up' },
      repeat: 'once'
    })
    await waitFor(
      async () => ((await rig.client.invoke('alerts.list', {}))[0]?.state === 'armed' ? true : undefined),
      30_000,
      'the alert armed'
    )
    await steer(rig.core.exchange, 'btcusdt', roundToDecimals(mul(ticker!.close, '1.2'), 2, 'up'))
    const fired = await waitFor(
      async () => {
        const [a] = await rig.client.invoke('alerts.list', {})
        return a?.state === 'fired' ? a : undefined
      },
      30_000,
      'the alert fired'
    )
    const first = await firstEvent()
    expect(first.missed).toEqual([
      expect.objectContaining({ alertId: alert.id, symbol: 'btcusdt', at: fired.firedAt, price: fired.firedPrice })
    ])
    // Told once: the next window gets none.
    expect((await firstEvent()).missed).toBeUndefined()
  }, 90_000)
})

// Price alerts through the contract against the embedded exchange on loopback: an alert created on BTC/USDT's last
// price (and one on E-BTC-USDT's mark price) fires once when the exchange's control API steers the price across its
// level, is told on the profile's stream stamped with its profile and seq, and is kept, fired, by the next run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compare, mul, roundToDecimals } from '@shared/decimal'
import type { AlertsEventView } from '@shared/ipc/views/alerts'
import type { Sequenced } from '@shared/ipc/views/common'
import { steer } from '../sim-control'
import { nextEvent, startRig, waitFor, type Rig } from './harness'

let rig: Rig
let paperId: string

beforeAll(async () => {
  rig = await startRig({ tuning: { alertPollMs: 200 } })
  paperId = (await rig.client.invoke('profiles.list', {})).activeProfileId!
})
afterAll(() => rig?.close())

const alertEvent = (pred: (e: Sequenced<AlertsEventView>) => boolean, timeoutMs = 30_000) =>
  nextEvent<Sequenced<AlertsEventView>>(
    (l, end) => rig.client.subscribe('alerts.onChange', { profileId: paperId }, l, end),
    pred,
    timeoutMs
  )

describe('price alerts in main', () => {
  it('refuses a bad level in words naming the rule, creating nothing', async () => {
    const e = await rig.client
      .invoke('alerts.create', {
        module: 'spot',
        symbol: 'btcusdt',
        source: 'last',
        rule: { kind: 'cross', level: '-5', direction: 'up' },
        repeat: 'once'
      })
      .catch((x: unknown) => x)
    expect(e).toMatchObject({ code: 'alert-rule', field: 'rule.level' })
    expect((e as Error).message).toContain('price-crossing alert')
    expect(await rig.client.invoke('alerts.list', {})).toEqual([])
  })

  it('fires once when the steered price crosses the level, and is kept by the next run', async () => {
    const [ticker] = await rig.client.invoke('market.tickers', { module: 'spot', symbols: ['btcusdt'] })
    const level = roundToDecimals(mul(ticker!.close, '1.05'), 2, 'up')
    const armed = alertEvent((e) => e.alerts.some((a) => a.state === 'armed'))
    const alert = await rig.client.invoke('alerts.create', {
      module: 'spot',
      symbol: 'btcusdt',
      source: 'last',
      rule: { kind: 'cross', level, direction: 'up' },
      repeat: 'once'
    })
    expect(alert).toMatchObject({ profileId: paperId, state: 'not-evaluating', fires: 0 })
    expect((await armed).profileId).toBe(paperId)

    const fired = alertEvent((e) => e.fired.length > 0)
    await steer(rig.core.exchange, 'btcusdt', roundToDecimals(mul(ticker!.close, '1.2'), 2, 'up'))
    const e = await fired
    expect(e.profileId).toBe(paperId)
    expect(e.seq).toBeGreaterThan(0)
    expect(e.fired).toHaveLength(1)
    expect(e.fired[0]).toMatchObject({ alertId: alert.id, module: 'spot', symbol: 'btcusdt', source: 'last' })
    expect(compare(e.fired[0]!.price, level)).toBeGreaterThanOrEqual(0)
    expect(e.alerts).toMatchObject([{ id: alert.id, state: 'fired', fires: 1, firedPrice: e.fired[0]!.price }])

    // Back below and up again: a once alert stays fired with its one fire.
    await steer(rig.core.exchange, 'btcusdt', ticker!.close)
    await waitFor(
      async () => {
        const [t] = await rig.client.invoke('market.tickers', { module: 'spot', symbols: ['btcusdt'] })
        return compare(t!.close, level) < 0 ? true : undefined
      },
      30_000,
      'the price back below the level'
    )
    expect(await rig.client.invoke('alerts.list', {})).toMatchObject([{ state: 'fired', fires: 1 }])

    const dir = rig.dir
    await rig.close()
    rig = await startRig({ dir, tuning: { alertPollMs: 200 } })
    expect(await rig.client.invoke('alerts.list', {})).toMatchObject([
      { id: alert.id, state: 'fired', fires: 1, firedPrice: e.fired[0]!.price, firedAt: e.fired[0]!.at }
    ])
    await rig.client.invoke('alerts.delete', { id: alert.id })
    expect(await rig.client.invoke('alerts.list', {})).toEqual([])
  }, 90_000)

  it("a futures contract's mark price alert fires; a spot market's is refused", async () => {
    const refused = await rig.client
      .invoke('alerts.create', {
        module: 'spot',
        symbol: 'btcusdt',
        source: 'mark',
        rule: { kind: 'cross', level: '1', direction: 'up' },
        repeat: 'once'
      })
      .catch((x: unknown) => x)
    expect((refused as Error).message).toBe(
      'a mark price alert is for futures contracts only; btcusdt is a Spot market'
    )

    const { markPrice } = await rig.client.invoke('market.fundingRate', { symbol: 'E-BTC-USDT' })
    const level = roundToDecimals(mul(markPrice, '1.03'), 2, 'up')
    const armed = alertEvent((e) => e.alerts.some((a) => a.source === 'mark' && a.state === 'armed'))
    await rig.client.invoke('alerts.create', {
      module: 'futures',
      symbol: 'E-BTC-USDT',
      source: 'mark',
      rule: { kind: 'cross', level, direction: 'up' },
      repeat: 'every'
    })
    await armed
    const fired = alertEvent((e) => e.fired.some((f) => f.source === 'mark'), 60_000)
    // A contract is steered through the spot market of its base, which its index and mark follow.
    await steer(rig.core.exchange, 'btcusdt', roundToDecimals(mul(markPrice, '1.15'), 2, 'up'))
    const e = await fired
    expect(compare(e.fired[0]!.price, level)).toBeGreaterThanOrEqual(0)
    expect(e.alerts.find((a) => a.source === 'mark')).toMatchObject({ state: 'armed', fires: 1 })
  }, 90_000)
})

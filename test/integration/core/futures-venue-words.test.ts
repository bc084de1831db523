// A futures refusal whose code names no cause (-1102) reaches the UI with the venue's own message, which does: on the
// order path and on the margin-mode change (both sent by main to the embedded exchange, read off the contract error).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mul, roundToDecimals } from '@shared/decimal'
import { startRig, type Rig } from './harness'

let rig: Rig
const C = 'E-ETH-USDT'
beforeAll(async () => {
  rig = await startRig({ embedded: { activity: true, seed: 7 } })
})
afterAll(() => rig.close())

describe('terminal core: the venue’s words of a futures refusal', () => {
  it('an order whose positionType differs from the margin mode, and a mode change with an open order', async () => {
    await rig.client.invoke('trading.setMarginMode', { symbol: C, mode: 'isolated' })
    const f = await rig.client.invoke('market.fundingRate', { symbol: C })
    const price = roundToDecimals(mul(f.markPrice, '0.9'), 2, 'down')
    const order = {
      module: 'futures',
      symbol: C,
      side: 'BUY',
      type: 'LIMIT',
      price,
      volume: '1',
      open: 'OPEN'
    } as const
    await expect(rig.client.invoke('trading.placeOrder', { ...order, positionType: 1 })).rejects.toMatchObject({
      code: 'exchange',
      exchange: { code: -1102, venueMessage: expect.stringContaining('does not match the margin model of E-ETH-USDT') }
    })
    await rig.client.invoke('trading.placeOrder', { ...order, positionType: 2 })
    await expect(rig.client.invoke('trading.setMarginMode', { symbol: C, mode: 'cross' })).rejects.toMatchObject({
      code: 'exchange',
      exchange: { code: -1102, endpointId: 'futures.marginModel.edit', venueMessage: expect.stringMatching(/margin/) }
    })
  })
})

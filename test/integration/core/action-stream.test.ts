// Commands answer with an action id and their outcome comes on trading.onOrderEvents under the same id; every event
// of a per-profile stream names its profile and a number that only grows for that profile and stream, across
// subscriptions (through the contract, against the embedded exchange).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamStamp } from '@shared/ipc/views/common'
import type { OrderEventView } from '@shared/ipc/views/trading'
import { futuresServed, startRig, waitFor, type Rig } from './harness'

type Event = OrderEventView & StreamStamp

let rig: Rig
let paperId: string
beforeAll(async () => {
  rig = await startRig({ embedded: { activity: true, seed: 11 } })
  paperId = (await rig.client.invoke('profiles.list', {})).activeProfileId!
})
afterAll(() => rig.close())

function follow(profileId: string) {
  const got: Event[] = []
  const off = rig.client.subscribe('trading.onOrderEvents', { profileId }, (e) => got.push(e))
  return { got, off, of: (actionId: string) => got.filter((e) => e.actionId === actionId) }
}

/** Each number greater than the one before. */
const increasing = (seqs: number[]): boolean => seqs.every((n, i) => i === 0 || n > seqs[i - 1]!)

describe('terminal core: action ids and stream numbers', () => {
  it("a place's and a cancel's pending and settled events carry the action id their command answered", async () => {
    const s = follow(paperId)
    const placed = await rig.client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000',
      volume: '0.01'
    })
    expect(placed.actionId).toEqual(expect.any(String))
    await waitFor(
      () => (s.of(placed.actionId).some((e) => e.type === 'settled') ? true : undefined),
      5000,
      'the place verdict'
    )
    expect(s.of(placed.actionId).map((e) => e.type)).toEqual(['pending', 'settled'])
    expect(s.of(placed.actionId).at(-1)).toMatchObject({
      action: 'place',
      status: 'placed',
      clientOrderId: placed.clientOrderId,
      orderId: placed.orderId
    })

    const canceled = await rig.client.invoke('trading.cancelOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      orderId: placed.orderId!
    })
    expect(canceled.actionId).not.toBe(placed.actionId)
    await waitFor(
      () => (s.of(canceled.actionId).some((e) => e.type === 'settled') ? true : undefined),
      5000,
      'the cancel verdict'
    )
    expect(s.of(canceled.actionId).at(-1)).toMatchObject({
      action: 'cancel',
      status: 'canceled',
      orderId: placed.orderId
    })

    // A batch: one action per order, each answered and settled under its own id.
    const batch = await rig.client.invoke('trading.batchPlace', {
      module: 'spot',
      symbol: 'btcusdt',
      orders: [
        { side: 'BUY', type: 'LIMIT', price: '30000', volume: '0.01' },
        { side: 'BUY', type: 'LIMIT', price: '30001', volume: '0.01' }
      ]
    })
    const ids = batch.results.map((r) => r.actionId)
    expect(new Set(ids).size).toBe(2)
    await waitFor(
      () => (ids.every((id) => s.of(id).some((e) => e.type === 'settled')) ? true : undefined),
      5000,
      'the batch verdicts'
    )
    const all = await rig.client.invoke('trading.cancelAll', { module: 'spot', symbol: 'btcusdt' })
    await waitFor(
      () =>
        all.results.every((r) => s.of(r.actionId).some((e) => e.type === 'settled' && e.status === 'canceled'))
          ? true
          : undefined,
      5000,
      'the cancel-all verdicts'
    )

    expect(s.got.every((e) => e.profileId === paperId)).toBe(true)
    expect(increasing(s.got.map((e) => e.seq))).toBe(true)
    s.off()
  })

  it('a futures operation answers with its id, the one on its events (opId)', async () => {
    if (!(await futuresServed(rig))) return
    const s = follow(paperId)
    const ack = await rig.client.invoke('trading.setLeverage', { symbol: 'E-BTC-USDT', leverage: 5, positionType: 1 })
    await waitFor(
      () => (s.of(ack.actionId).some((e) => e.type === 'settled') ? true : undefined),
      5000,
      'the operation verdict'
    )
    expect(s.of(ack.actionId).at(-1)).toMatchObject({
      type: 'settled',
      action: 'operation',
      opId: ack.actionId,
      status: 'applied',
      // What was asked, in English and in catalog words (the window tells them in its language).
      operation: {
        detail: 'leverage 5, cross',
        words: { key: 'main.operation.leverage', params: { leverage: 5, mode: 'main.term.marginMode.cross' } }
      }
    })
    s.off()
  })

  it('a new subscription gets numbers above every one sent before, on each per-profile stream', async () => {
    const seqs = async (channel: 'account.onUpdate' | 'trading.onOrderEvents'): Promise<number> => {
      let first: number | undefined
      const off = rig.client.subscribe(channel, { profileId: paperId }, (e) => (first ??= e.seq))
      // account.onUpdate sends the latest snapshot at once; order events need an action to tell.
      if (channel === 'trading.onOrderEvents')
        await rig.client.invoke('trading.setMarginMode', { symbol: 'E-BTC-USDT', mode: 'cross' }).catch(() => undefined)
      const n = await waitFor(() => first, 8000, `an event of ${channel}`)
      off()
      return n
    }
    for (const channel of ['account.onUpdate', 'trading.onOrderEvents'] as const) {
      const a = await seqs(channel)
      const b = await seqs(channel)
      expect(b).toBeGreaterThan(a)
    }
  })
})

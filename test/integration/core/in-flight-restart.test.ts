// The terminal core stopped while order actions were in flight, started again on the same user-data folder: every
// action written down before it was sent (undetermined-orders/<profile>.json, `intents`) is checked on the paper
// exchange at the start, whether or not a window opens the profile, and told with notice 'recovered' — the
// truth as the exchange's own records hold it. A core killed between writing and sending is the "ghost" case (the
// exchange never saw it: not done, after waiting out the window its stamp could still be accepted in); one killed
// after the exchange placed it is "placed". The file ends with no action in flight.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { OrderEventView } from '@shared/ipc/views/trading'
import { EMBEDDED_URL } from '../../../src-main/vault/profiles'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'
import { startRig } from './harness'

type Settled = Extract<OrderEventView, { type: 'settled'; action: 'place' | 'cancel' }>
const tuning = {
  pollBaseMs: 60_000,
  client: { clockSamples: 1 },
  gateway: { timeWindowMs: 300, settleMarginMs: 100, confirmAfterMs: 200 }
}

async function until<T>(what: string, read: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = read()
    if (v !== undefined) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('actions in flight when the terminal stopped', () => {
  it('are checked on the exchange at the next start and told once as recovered, with the truth', async () => {
    const secrets = new MemorySecretStore()
    const first = await startRig({ tuning, secrets })
    const dir = first.dir
    const paperId = (await first.client.invoke('profiles.list', {})).profiles.find((p) => p.kind === 'embedded')!.id
    const placed = await first.client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000',
      volume: '0.01'
    })
    const canceledOn = await first.client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30001',
      volume: '0.01'
    })
    await first.client.invoke('trading.cancelOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      orderId: canceledOn.orderId!
    })
    await first.close()
    const file = join(dir, 'undetermined-orders', `${paperId}.json`)
    // Every verdict struck its action off: nothing is left in flight after a clean run.
    expect(JSON.parse(readFileSync(file, 'utf8')).intents).toEqual([])

    // What a kill leaves: the place the exchange took (its answer never read), a place that never left, a cancel
    // the exchange took. All on the paper exchange (the profile's own address, not this run's port).
    const request = { side: 'BUY', type: 'LIMIT', price: '30000', volume: '0.01' }
    const intents = [
      {
        id: 'k-1',
        action: 'place',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: placed.clientOrderId,
        request,
        venue: EMBEDDED_URL,
        phase: 'sending'
      },
      {
        id: 'k-2',
        action: 'place',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: 'ghost-never-sent-1',
        request,
        venue: EMBEDDED_URL,
        phase: 'sending'
      },
      {
        id: 'k-3',
        action: 'cancel',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: '',
        orderId: canceledOn.orderId,
        venue: EMBEDDED_URL,
        phase: 'sending'
      }
    ]
    writeFileSync(file, JSON.stringify({ version: 1, kept: [], heldIds: [], intents }))

    const second = await startRig({ tuning, secrets, dir })
    try {
      // While they are being checked, the profile's exchange cannot change or go: they could never be checked after.
      for (const [attempt, key] of [
        [
          () =>
            second.client.invoke('profiles.update', { profileId: paperId, patch: { baseUrl: 'http://127.0.0.1:9' } }),
          'main.profiles.inFlightAddress'
        ],
        [() => second.client.invoke('profiles.remove', { profileId: paperId }), 'main.profiles.inFlightRemove']
      ] as const) {
        await expect(attempt()).rejects.toMatchObject({
          code: 'in-flight',
          message: expect.stringMatching(
            /order actions? (is|are) still being sent or checked on this profile's exchange/
          ),
          words: { key, params: { count: expect.any(Number) } }
        })
      }
      // No window yet: the core resumed them at its start. The first subscriber is told the ones decided already,
      // then the rest as they come.
      const told: Settled[] = []
      const pending: OrderEventView[] = []
      const off = second.client.subscribe('trading.onOrderEvents', { profileId: paperId }, (e) => {
        if (e.type === 'settled' && e.action !== 'operation') told.push(e)
        else pending.push(e)
      })
      await until('three verdicts', () => (told.length >= 3 ? true : undefined))
      const of = (cid: string): Settled | undefined => told.find((e) => e.clientOrderId === cid)
      expect(of(placed.clientOrderId)).toMatchObject({
        action: 'place',
        status: 'placed',
        orderId: placed.orderId,
        reconciled: true,
        notice: 'recovered'
      })
      expect(of('ghost-never-sent-1')).toMatchObject({
        action: 'place',
        status: 'rejected',
        reconciled: true,
        notice: 'recovered',
        error: {
          message: expect.stringMatching(/not placed: the venue has no order ghost-never-sent-1 after its time window/)
        }
      })
      expect(told.find((e) => e.action === 'cancel')).toMatchObject({
        status: 'canceled',
        orderId: canceledOn.orderId,
        notice: 'recovered'
      })
      // The truth, from the exchange's own records: the one order placed once, the ghost nowhere.
      const records = [...second.core.exchange.spot.records.orders.values()] as {
        clientOrderId?: string
        status?: string
      }[]
      expect(records.filter((o) => o.clientOrderId === placed.clientOrderId)).toHaveLength(1)
      expect(records.some((o) => o.clientOrderId === 'ghost-never-sent-1')).toBe(false)
      // A window that subscribes soon after is told them too (a first stream may have been dropped on the way;
      // the renderer tells each notice once).
      const later: OrderEventView[] = []
      second.client.subscribe('trading.onOrderEvents', { profileId: paperId }, (e) => void later.push(e))
      await second.client.invoke('profiles.list', {}) // a round trip: the replay has arrived
      expect(
        later
          .filter((e) => e.type === 'settled')
          .map((e) => (e as Settled).clientOrderId)
          .sort()
      ).toEqual(told.map((e) => e.clientOrderId).sort())
      // Struck off, the ghost after its one read-back too.
      await until('no action left in flight', () =>
        JSON.parse(readFileSync(file, 'utf8')).intents.length === 0 ? true : undefined
      )
      // Checked: the refusal is gone (what remains is the paper profile's own rule).
      await expect(
        second.client.invoke('profiles.update', { profileId: paperId, patch: { baseUrl: 'http://127.0.0.1:9' } })
      ).rejects.not.toMatchObject({ code: 'in-flight' })
      off()
    } finally {
      await second.close()
    }
  }, 60_000)
})

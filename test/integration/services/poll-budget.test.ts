// The poll scheduler against a real client and the embedded exchange: asked to poll far more than the rate budget
// allows, it backs off instead of queueing, never causes a 429, and a user's request still goes ahead at once.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AccountSnapshotView } from '@shared/ipc/views/account'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import { AccountService } from '../../../src-main/services/account-service'
import { Instruments } from '../../../src-main/services/instruments'
import { PollScheduler } from '../../../src-main/services/poll-scheduler'
import { Venues } from '../../../src-main/services/venues'
import { Vault } from '../../../src-main/vault'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'

let ex: RunningExchange
let venues: Venues
let account: AccountService
let profileId: string

beforeAll(async () => {
  ex = await startExchange({ activity: false, control: true })
  const res = await fetch(`${ex.url}/sim/v1/accounts`, {
    method: 'POST',
    body: '{}',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ex.controlToken}` }
  })
  const keys = (await res.json()) as { apiKey: string; apiSecret: string }
  const vault = await Vault.open({
    userDataDir: mkdtempSync(join(tmpdir(), 'poll-')),
    secrets: new MemorySecretStore()
  })
  const p = await vault.profiles.add({
    name: 'Sim',
    kind: 'remote',
    baseUrl: ex.url,
    wsSpotUrl: `ws://127.0.0.1:${ex.port}/spot/ws`,
    wsFuturesUrl: `ws://127.0.0.1:${ex.port}/futures/ws`
  })
  await vault.setSecrets(p.id, { apiKey: keys.apiKey, apiSecret: keys.apiSecret })
  profileId = p.id
  venues = new Venues({ vault, embedded: null, client: { clockSamples: 1 } })
  account = new AccountService(venues, new Instruments(venues))
})
afterAll(async () => {
  venues.close()
  await ex.close()
})

describe('poll scheduler on a real rate budget', () => {
  it('backs off under pressure, causes no 429, and lets user requests through first', async () => {
    // spot.openOrders allows 20 per 2 s; four symbols every 100 ms would want 80 per second.
    const scheduler = new PollScheduler({ source: account, baseMs: 100 })
    const snaps: AccountSnapshotView[] = []
    const off = scheduler.subscribe(profileId, { spotSymbols: ['btcusdt', 'ethusdt', 'solusdt', 'dogeusdt'] }, (s) =>
      snaps.push(s)
    )
    await vi.waitFor(
      () => {
        expect(scheduler.state(profileId).multiplier).toBeGreaterThan(1)
        expect(scheduler.state(profileId).reason).toMatch(/rate budget|queued/)
      },
      { timeout: 15_000, interval: 100 }
    )

    // "At once" is the governor's grant, not a time (a loaded machine makes any request slow): watch its answers.
    const governor = venues.get(profileId).client.executor.governor
    const acquire = governor.acquire.bind(governor)
    const userQueued: boolean[] = []
    governor.acquire = (key, def, priority, signal) => {
      const wait = acquire(key, def, priority, signal)
      if (priority === 'user' && def.id === 'spot.openOrders') userQueued.push(wait !== undefined)
      return wait
    }
    const mine = await account.openOrders({ profileId, module: 'spot', symbol: 'btcusdt' }, 'user')
    expect(mine).toEqual([])
    expect(userQueued).toEqual([false]) // granted at once, though background polls were waiting for budget

    const stats = venues.get(profileId).client.rateStats()
    expect(stats.reduce((n, b) => n + b.rateLimited, 0)).toBe(0)
    await vi.waitFor(() => expect(snaps.at(-1)?.balances?.length).toBeGreaterThan(0), {
      timeout: 15_000,
      interval: 100
    })
    expect(snaps.at(-1)?.errors).toEqual([])
    off()
    scheduler.close()
  })
})

// A profile switch through the contract: a market stream that named no profile belongs to the profile active when
// it started, so a switch ends it ('profile-changed') instead of leaving the old venue's prices flowing; a stream
// that named its profile stays that profile's; once a window lets go of the old profile's streams, main holds no
// channel of it (counted on its feeds). The per-profile trading and account streams that follow the active profile
// move with it at each switch, and main holds none of the old profile's but those a window named (counted).
// The "remote" venue is the embedded exchange's own URL with a second account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractError } from '@shared/ipc/contract-kit'
import type { StatusView } from '@shared/ipc/views/status'
import { nextEvent, startRig, waitFor, type Rig } from './harness'

let rig: Rig
let paperId: string
let remoteId: string

beforeAll(async () => {
  rig = await startRig({ embedded: { activity: true, seed: 5 } })
  const res = await fetch(`${rig.core.exchange.url}/sim/v1/accounts`, {
    method: 'POST',
    body: '{}',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${rig.core.exchange.controlToken}` }
  })
  const { apiKey, apiSecret } = (await res.json()) as { apiKey: string; apiSecret: string }
  const keys = { apiKey, apiSecret }
  const port = rig.core.exchange.port
  const urls = {
    baseUrl: rig.core.exchange.url,
    wsSpotUrl: `ws://127.0.0.1:${port}/spot/ws`,
    wsFuturesUrl: `ws://127.0.0.1:${port}/futures/ws`
  }
  remoteId = (await rig.client.invoke('profiles.add', { name: 'Second account', ...urls, secrets: keys })).profile.id
  paperId = (await rig.client.invoke('profiles.list', {})).activeProfileId!
})
afterAll(() => rig.close())

/** Subscribes and records what the stream delivers and how it ends. */
function follow<E>(sub: (l: (e: E) => void, end: (e?: ContractError) => void) => () => void) {
  const got: E[] = []
  const rec: { ended: ContractError | 'clean' | null; off: () => void } = { ended: null, off: () => undefined }
  rec.off = sub(
    (e) => got.push(e),
    (e) => (rec.ended = e ?? 'clean')
  )
  return Object.assign(rec, { got })
}

const channelsOf = async (profileId: string): Promise<number> => {
  const s = await nextEvent<StatusView>((l, end) => rig.client.subscribe('app.onStatus', { profileId }, l, end))
  return s.feeds.reduce((n, f) => n + f.channels, 0)
}

describe('terminal core: a profile switch', () => {
  it('ends the streams that named no profile, keeps the named ones, and leaves no channel of the old profile', async () => {
    const c = rig.client
    const book = follow((l, end) => c.subscribe('market.onBook', { module: 'spot', symbol: 'btcusdt' }, l, end))
    const mark = follow((l, end) => c.subscribe('market.onMarkPrice', { symbol: 'E-BTC-USDT' }, l, end))
    const named = follow((l, end) =>
      c.subscribe('market.onBook', { profileId: paperId, module: 'futures', symbol: 'E-BTC-USDT' }, l, end)
    )
    await waitFor(
      () => (book.got.length > 0 && mark.got.length > 0 && named.got.length > 0 ? true : undefined),
      15_000,
      'the first events'
    )
    expect(await channelsOf(paperId)).toBeGreaterThanOrEqual(2)

    await c.invoke('profiles.setActive', { profileId: remoteId })
    await waitFor(() => (book.ended && mark.ended ? true : undefined), 20_000, 'the unnamed streams to end')
    expect(book.ended).toMatchObject({ code: 'profile-changed' })
    expect(mark.ended).toMatchObject({ code: 'profile-changed' })
    // The named stream is still the paper profile's, and still live.
    expect(named.ended).toBeNull()
    const before = named.got.length
    await waitFor(() => (named.got.length > before ? true : undefined), 15_000, 'a later event of the named stream')

    // Subscribed again without a profile, a stream is the new active profile's.
    const again = follow((l, end) => c.subscribe('market.onBook', { module: 'spot', symbol: 'btcusdt' }, l, end))
    await waitFor(() => (again.got.length > 0 ? true : undefined), 15_000, 'the remote profile book')
    expect(await channelsOf(remoteId)).toBeGreaterThanOrEqual(1)

    // The window lets go of the paper profile: main holds none of its channels any more.
    named.off()
    await waitFor(async () => ((await channelsOf(paperId)) === 0 ? true : undefined), 20_000, 'no paper channel left')
    again.off()
    await waitFor(async () => ((await channelsOf(remoteId)) === 0 ? true : undefined), 20_000, 'no remote channel left')
    await c.invoke('profiles.setActive', { profileId: paperId })
  })

  it('moves the trading and account streams that follow the active profile at each switch, leaking none', async () => {
    const c = rig.client
    const open = (id: string): number => rig.core.profileStreams.openCount(id)
    expect([open(paperId), open(remoteId)]).toEqual([0, 0])
    const account = follow((l, end) => c.subscribe('account.onUpdate', { futures: false }, l, end))
    const history = follow((l, end) => c.subscribe('trading.onOrderHistory', {}, l, end))
    const named = follow((l, end) => c.subscribe('trading.onOrderEvents', { profileId: paperId }, l, end))
    expect([open(paperId), open(remoteId)]).toEqual([3, 0])
    for (let n = 0; n < 6; n++) {
      const to = n % 2 === 0 ? remoteId : paperId
      await c.invoke('profiles.setActive', { profileId: to })
      // The two that follow are the new profile's now; the named one stays the paper profile's.
      expect([open(paperId), open(remoteId)]).toEqual(to === remoteId ? [1, 2] : [3, 0])
    }
    await c.invoke('profiles.setActive', { profileId: remoteId })
    await waitFor(
      () => account.got.find((s) => (s as { profileId: string }).profileId === remoteId),
      15_000,
      'a snapshot of the remote profile'
    )
    for (const s of [account, history, named]) s.off()
    expect([open(paperId), open(remoteId)]).toEqual([0, 0])
    expect(account.ended ?? history.ended ?? named.ended).toBeNull() // moved, never ended
    await c.invoke('profiles.setActive', { profileId: paperId })
  })

  it('ends nothing when the active profile is set to itself', async () => {
    const c = rig.client
    const book = follow((l, end) => c.subscribe('market.onTicker', { module: 'spot', symbol: 'ethusdt' }, l, end))
    await waitFor(() => (book.got.length > 0 ? true : undefined), 15_000, 'a ticker')
    await c.invoke('profiles.setActive', { profileId: paperId })
    await c.invoke('profiles.update', { profileId: remoteId, patch: { name: 'Renamed' } }) // another profile change
    const n = book.got.length
    await waitFor(() => (book.got.length > n ? true : undefined), 15_000, 'a later ticker')
    expect(book.ended).toBeNull()
    book.off()
  })
})

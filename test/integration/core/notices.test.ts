// The notification center through the contract: one list per profile in main, the same for every window (two
// clients here): read in one is read in the other, cleared in one is cleared in the other; a window following the
// active profile sees the new profile's list after a switch, never the old one's entries; a spot fill made with no
// window listening is in the list when one opens; and the list, read state included, survives a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContractClient } from '@shared/ipc/contract-client'
import type { TerminalContract } from '@shared/ipc/contract'
import type { ClientMessage, ServerMessage } from '@shared/ipc/contract-kit'
import type { Sequenced } from '@shared/ipc/views/common'
import type { NoticesView } from '@shared/ipc/views/notices'
import { startRig, waitFor, type Rig } from './harness'

let rig: Rig
let paperId: string

beforeAll(async () => {
  rig = await startRig()
  paperId = (await rig.client.invoke('profiles.list', {})).activeProfileId!
})
afterAll(() => rig?.close())

/** Another window: its own connection to the same core. */
function window2(r: Rig) {
  let toClient: (m: ServerMessage) => void = () => undefined
  const conn = r.core.server.connect((m) => toClient(JSON.parse(JSON.stringify(m)) as ServerMessage), {
    connectionId: `window-${Math.random()}`
  })
  const client = createContractClient<TerminalContract>({
    send: (m: ClientMessage) => conn.receive(JSON.parse(JSON.stringify(m))),
    onMessage: (h) => (toClient = h)
  })
  return { client, close: () => conn.close() }
}

/** A window's view of the list: every event it got. */
function follow(client: Rig['client'], profileId?: string) {
  const seen: Sequenced<NoticesView>[] = []
  const off = client.subscribe('notices.onChange', profileId ? { profileId } : {}, (e) => seen.push(e))
  return { seen, last: () => seen.at(-1), off }
}

const titles = (v: NoticesView | undefined) =>
  (v?.notices ?? []).map((n) => (n.subject.type === 'told' ? n.subject.title : n.subject.type))

describe('notification center in main', () => {
  it('is one list for every window: read in one is read in the other, cleared in one is cleared in the other', async () => {
    const other = window2(rig)
    const a = follow(rig.client)
    const b = follow(other.client)
    await rig.client.invoke('notices.add', { kind: 'error', title: 'Could not place the order', text: 'Insufficient' })
    await expect.poll(() => titles(b.last())).toContain('Could not place the order')
    expect(b.last()).toMatchObject({ profileId: paperId, unread: 1 })
    await other.client.invoke('notices.markRead', { upTo: b.last()!.notices[0]!.id })
    await expect.poll(() => a.last()?.unread).toBe(0)
    expect(a.last()!.notices[0]!.unread).toBe(false)
    await rig.client.invoke('notices.clear', { upTo: a.last()!.notices[0]!.id })
    await expect.poll(() => b.last()?.notices).toEqual([])
    // Hostile input is refused by name, and changes nothing.
    await expect(
      rig.client.invoke('notices.add', { kind: 'panic' as 'error', title: 'x', text: '' })
    ).rejects.toMatchObject({ code: 'invalid-input', field: 'kind' })
    await expect(rig.client.invoke('notices.markRead', { upTo: '1e3' })).rejects.toMatchObject({ field: 'upTo' })
    expect((await rig.client.invoke('notices.list', {})).notices).toEqual([])
    a.off()
    b.off()
    other.close()
  }, 60_000)

  it('lists a spot fill made with no window listening, as main’s order history recorded it', async () => {
    // A fresh exchange's book fills in over its first rounds: a market buy sent before any ask rests is canceled
    // with nothing filled (the clean-clone CI drew it on a loaded machine).
    await waitFor(
      async () =>
        (await rig.client.invoke('market.depth', { module: 'spot', symbol: 'btcusdt', limit: 5 })).asks.length > 0
          ? true
          : undefined,
      30_000,
      'an ask on the book'
    )
    await rig.client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'MARKET',
      volume: '50'
    })
    const fill = await waitFor(
      async () =>
        (await rig.client.invoke('notices.list', {})).notices.find(
          (n) => n.subject.type === 'order' && n.subject.order.status === 'FILLED'
        ),
      30_000,
      'the fill listed'
    )
    expect(fill).toMatchObject({ kind: 'fill', unread: true })
    expect(fill.subject.type === 'order' && fill.subject.order.avgPrice).toMatch(/^\d+(\.\d+)?$/)
  }, 60_000)

  it('follows the active profile: a switch shows the new profile’s list, never the old one’s entries', async () => {
    const { profile: remote } = await rig.client.invoke('profiles.add', {
      name: 'Second',
      baseUrl: rig.core.exchange.url,
      wsSpotUrl: `ws://127.0.0.1:${rig.core.exchange.port}/spot/ws`,
      wsFuturesUrl: `ws://127.0.0.1:${rig.core.exchange.port}/futures/ws`
    })
    await rig.client.invoke('notices.add', { kind: 'info', title: 'paper news', text: '' })
    const w = follow(rig.client)
    await expect.poll(() => titles(w.last())).toContain('paper news')
    await rig.client.invoke('profiles.setActive', { profileId: remote.id })
    await expect.poll(() => w.last()?.profileId).toBe(remote.id)
    expect(w.last()!.notices).toEqual([])
    await rig.client.invoke('notices.add', { kind: 'info', title: 'remote news', text: '' })
    await expect.poll(() => titles(w.last())).toEqual(['remote news'])
    await rig.client.invoke('profiles.setActive', { profileId: paperId })
    await expect.poll(() => w.last()?.profileId).toBe(paperId)
    expect(titles(w.last())).toContain('paper news')
    expect(titles(w.last())).not.toContain('remote news')
    w.off()
    await rig.client.invoke('profiles.remove', { profileId: remote.id })
    expect((await rig.client.invoke('notices.list', { profileId: paperId })).notices.length).toBeGreaterThan(0)
  }, 60_000)

  it('keeps the list and what was read across a restart', async () => {
    await rig.client.invoke('notices.add', { kind: 'error', title: 'Could not cancel', text: 'Timeout' })
    const before = await rig.client.invoke('notices.list', {})
    await rig.client.invoke('notices.markRead', { upTo: before.notices.at(-1)!.id }) // the oldest only
    const read = await rig.client.invoke('notices.list', {})
    // The oldest is read now, the newest error still counts (info chatter is listed read from the start).
    expect(read.notices.at(-1)!.unread).toBe(false)
    expect(read.notices[0]).toMatchObject({ kind: 'error', unread: true })
    expect(read.unread).toBe(read.notices.filter((n) => n.unread).length)
    await rig.close()
    rig = await startRig({ dir: rig.dir, secrets: rig.secrets })
    expect(await rig.client.invoke('notices.list', {})).toEqual(read)
  }, 90_000)
})

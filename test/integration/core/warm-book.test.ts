// Cold start: the core subscribes the opening market's book (the active profile's last market) before any window
// asks, so a window's first subscription finds it in main; it lets go once a window holds the stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookView } from '@shared/ipc/views/market'
import type { StatusView } from '@shared/ipc/views/status'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'
import { nextEvent, startRig, waitFor, type Rig } from './harness'

let rig: Rig
let paperId: string
beforeAll(async () => {
  // A first run stores the last market (futures, E-ETH-USDT); the second run is the one under test.
  const secrets = new MemorySecretStore()
  const first = await startRig({ secrets })
  await first.client.invoke('preferences.set', {
    profile: { lastMarket: { module: 'futures', symbols: { futures: 'E-ETH-USDT' } } }
  })
  paperId = (await first.client.invoke('profiles.list', {})).activeProfileId!
  await first.close()
  rig = await startRig({ secrets, dir: first.dir })
})
afterAll(() => rig?.close())

const status = (): Promise<StatusView> =>
  nextEvent<StatusView>((l, end) => rig.client.subscribe('app.onStatus', { profileId: paperId }, l, end))
const channels = (s: StatusView, module: 'spot' | 'futures'): number =>
  s.feeds.filter((f) => f.module === module).reduce((n, f) => n + f.channels, 0)

describe('terminal core: the warm book', () => {
  it("holds the last market's book before any window asks, and lets go once a window holds it", async () => {
    const s = await status()
    expect(channels(s, 'futures')).toBe(1)
    expect(channels(s, 'spot')).toBe(0)
    const books: BookView[] = []
    const off = rig.client.subscribe(
      'market.onBook',
      { module: 'futures', symbol: 'E-ETH-USDT' },
      (b) => void books.push(b)
    )
    await waitFor(() => (books.length > 0 ? true : undefined), 15_000, 'the first book')
    expect(books[0]!.symbol).toBe('E-ETH-USDT')
    off()
    // Main's own subscription was let go when the window's came: none is left once the window's is gone.
    await waitFor(async () => (channels(await status(), 'futures') === 0 ? true : undefined), 20_000, 'no channel')
  })
})

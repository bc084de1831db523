// A chase's view (src-main/algos/algo-service.ts): its next step is said from its book as last read, as its machine
// decides it (its limit at the best bid fills, or the book moves), not as if it had never read one; the Algorithms
// panel shows it (found by test/e2e/algos-kinds.test.ts: a resting chase said "the first read of the book's best bid").
import { describe, expect, it } from 'vitest'
import type { AlgoVenue } from '../../../src-main/algos/algo-venue'
import type { Algo } from '../../../src-main/algos/types'
import { serviceRig } from './algo-rig'

/** A chase buy resting at the best bid, 100, bounded by its limit 105. */
const resting: Algo = {
  id: 'c1',
  profileId: 'p',
  spec: {
    kind: 'chase',
    module: 'spot',
    symbol: 'btcusdt',
    side: 'BUY',
    quantity: '1',
    limitPrice: '105',
    intervalSeconds: 1,
    fireLate: false
  },
  state: 'working',
  children: [
    {
      clientOrderId: 'c1-1',
      role: 'limit',
      side: 'BUY',
      type: 'LIMIT',
      volume: '1',
      price: '100',
      state: 'open',
      orderId: '7',
      filled: '0',
      status: 'NEW',
      at: 1
    }
  ],
  createdAt: 1,
  updatedAt: 1
}

// The book's best bid is the chase's own price: nothing to move, nothing to send.
const venue: AlgoVenue = {
  best: async () => ({ bid: '100', ask: '101' }),
  read: async () => ({ kind: 'found', status: 'NEW', filled: '0', final: false }),
  place: () => Promise.reject(new Error('nothing to place')),
  placeBatch: () => Promise.reject(new Error('nothing to place')),
  cancel: () => Promise.reject(new Error('nothing to cancel')),
  find: () => Promise.reject(new Error('nothing to find'))
}

describe("a chase's view", () => {
  const service = serviceRig()

  it('says its next step from the book it read: its limit at the best bid fills, or the book moves', async () => {
    const s = service({ journal: [resting], venue: () => venue, pollMs: 50 })
    s.resumeAll(s.journaledProfiles())
    await expect
      .poll(() => s.list({ profileId: 'p' })[0]!.next, { timeout: 5_000 })
      .toEqual({ key: 'algos.next.chaseAt', params: { filled: '0', total: '1', price: '100', bound: '105' } })
  })
})

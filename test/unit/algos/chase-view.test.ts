// A chase's view (src-main/algos/algo-service.ts): its next step is said from its book as last read, as its machine
// decides it (its limit at the best bid fills, or the book moves), not as if it had never read one; the Algorithms
// panel shows it (found by test/e2e/algos-kinds.test.ts: a resting chase said "the first read of the book's best bid").
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { algosFile } from '../../../src-main/algos/algo-store'
import { AlgoService } from '../../../src-main/algos/algo-service'
import type { AlgoVenue } from '../../../src-main/algos/algo-venue'
import type { Algo } from '../../../src-main/algos/types'

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
  it('says its next step from the book it read: its limit at the best bid fills, or the book moves', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'chase-view-')), 'algos')
    mkdirSync(dir)
    writeFileSync(algosFile(dir, 'p'), JSON.stringify({ version: 1, algos: [resting] }))
    const s = new AlgoService({
      dir,
      resolveId: (named) => named ?? 'p',
      venue: () => venue,
      prices: () => ({ follow: () => () => undefined }),
      check: async () => undefined,
      rules: async () => ({ pricePrecision: 2, quantityPrecision: 4, limitVolumeMin: '0.0001' }),
      pollMs: 50,
      log: () => undefined
    })
    try {
      s.resumeAll(s.journaledProfiles())
      await expect
        .poll(() => s.list({ profileId: 'p' })[0]!.next, { timeout: 5_000 })
        .toEqual({ key: 'algos.next.chaseAt', params: { filled: '0', total: '1', price: '100', bound: '105' } })
    } finally {
      await s.close()
    }
  })
})

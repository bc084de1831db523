// The algorithms' service (src-main/algos/algo-service.ts) at start: a journal read in part keeps the algorithms it
// could read running (the file is kept aside once and told once), never dropped by a second read of a file gone.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { algosFile } from '../../../src-main/algos/algo-store'
import { AlgoService } from '../../../src-main/algos/algo-service'
import type { AlgoVenue } from '../../../src-main/algos/algo-venue'
import type { Algo } from '../../../src-main/algos/types'

const waiting: Algo = {
  id: 'a1',
  profileId: 'p',
  spec: {
    kind: 'stop-market',
    module: 'spot',
    symbol: 'btcusdt',
    side: 'SELL',
    quantity: '1',
    triggerPrice: '90',
    fireLate: false
  },
  state: 'waiting',
  children: [],
  createdAt: 1,
  updatedAt: 1
}

// A waiting algorithm with no price sends nothing: any call to the venue is a failure of the test.
const venue = new Proxy({} as AlgoVenue, {
  get: () => () => Promise.reject(new Error('the venue was called'))
})

describe('algorithms at start', () => {
  it('resumes the algorithms a partly unreadable journal held, the file kept aside and told once', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'algo-service-')), 'algos')
    mkdirSync(dir)
    writeFileSync(
      algosFile(dir, 'p'),
      JSON.stringify({ version: 1, algos: [waiting, { ...waiting, id: 'a2', state: 'lost' }] })
    )
    const s = new AlgoService({
      dir,
      resolveId: (named) => named ?? 'p',
      venue: () => venue,
      prices: () => ({ follow: () => () => undefined }),
      check: async () => undefined,
      rules: async () => ({ pricePrecision: 2, quantityPrecision: 4, limitVolumeMin: '0.0001' }),
      log: () => undefined
    })
    try {
      s.resumeAll(s.journaledProfiles())
      expect(s.list({ profileId: 'p' }).map((a) => [a.id, a.state])).toEqual([['a1', 'waiting']])
      expect(s.keptAside).toEqual([
        {
          profileId: 'p',
          keptAt: expect.stringMatching(/p\.json\.unreadable-/),
          reason: '1 of 2 algorithm(s) could not be read'
        }
      ])
      expect(readdirSync(dir).filter((f) => f.includes('.unreadable-'))).toHaveLength(1)
    } finally {
      await s.close()
    }
  })
})

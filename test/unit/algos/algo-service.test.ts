// The algorithms' service (src-main/algos/algo-service.ts) at start: a journal read in part keeps the algorithms it
// could read running (the file is kept aside once and told once), never dropped by a second read of a file gone.
import { readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Algo } from '../../../src-main/algos/types'
import { serviceRig } from './algo-rig'

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

describe('algorithms at start', () => {
  const service = serviceRig()

  it('resumes the algorithms a partly unreadable journal held, the file kept aside and told once', async () => {
    // A waiting algorithm with no price sends nothing: the rig's venue fails the test when called.
    const s = service({ journal: [waiting, { ...waiting, id: 'a2', state: 'lost' }] })
    s.resumeAll(s.journaledProfiles())
    expect(s.list({ profileId: 'p' }).map((a) => [a.id, a.state])).toEqual([['a1', 'waiting']])
    expect(s.keptAside).toEqual([
      {
        profileId: 'p',
        keptAt: expect.stringMatching(/p\.json\.unreadable-/),
        reason: '1 of 2 algorithm(s) could not be read'
      }
    ])
    const dir = dirname(s.keptAside[0]!.keptAt)
    expect(readdirSync(dir).filter((f) => f.includes('.unreadable-'))).toHaveLength(1)
  })
})

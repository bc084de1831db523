// A futures algorithm of a kind that does not run on futures, or without its open or margin mode, is never sent (the
// engine's and the journal's own check, behind the schema's): it fails in words, and the journal does not read it.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AlgoEngine } from '../../../src-main/algos/algo-engine'
import { algosFile, fileAlgoStore } from '../../../src-main/algos/algo-store'
import type { Algo, AlgoSpec } from '../../../src-main/algos/types'
import { MemoryStore, NO_PRICES, refusingVenue } from './algo-rig'
import { CONTRACT_RULES, ON_CONTRACT } from './futures-fixture'

const algo = (id: string, spec: Partial<AlgoSpec>): Algo => ({
  id,
  profileId: 'p',
  spec: {
    ...ON_CONTRACT,
    kind: 'scaled',
    side: 'BUY',
    open: 'OPEN',
    quantity: '4',
    fromPrice: '100',
    toPrice: '90',
    orders: 2,
    sizing: 'linear',
    sizeFactor: '1',
    ...spec
  },
  state: 'working',
  children: [],
  levels: [
    { price: '100', volume: '2' },
    { price: '90', volume: '2' }
  ],
  rules: CONTRACT_RULES,
  createdAt: 1,
  updatedAt: 1
})

describe('a futures spec the engine will not send', () => {
  it('a closing bracket, or a TWAP without its open or margin mode, fails in words, nothing sent', async () => {
    const calls: string[] = []
    const venue = refusingVenue(calls)
    const store = new MemoryStore([
      algo('bracket-close', {
        kind: 'bracket',
        open: 'CLOSE',
        limitPrice: '100',
        takeProfitPrice: '110',
        triggerPrice: '90'
      }),
      algo('no-open', { kind: 'twap', open: undefined, limitPrice: '100', durationSeconds: 10, slices: 2 }),
      algo('no-margin', { kind: 'twap', positionType: undefined, limitPrice: '100', durationSeconds: 10, slices: 2 })
    ])
    const engine = new AlgoEngine({
      profileId: 'p',
      store,
      venue,
      prices: NO_PRICES,
      pollMs: 5
    })
    try {
      await expect.poll(() => engine.list().map((a) => a.state)).toEqual(['failed', 'failed', 'failed'])
      expect(engine.list().map((a) => a.reason)).toEqual([
        { key: 'algos.refuse.bracketOpens', params: {} },
        { key: 'algos.refuse.futuresOpen', params: {} },
        { key: 'algos.refuse.futuresMargin', params: {} }
      ])
      expect(calls).toEqual([])
    } finally {
      await engine.close()
    }
  })

  it('the journal does not read one (kept aside, saying so); a futures TWAP with both is read', () => {
    const file = algosFile(mkdtempSync(join(tmpdir(), 'algos-')), 'p')
    const twap = algo('twap', { kind: 'twap', limitPrice: '100', durationSeconds: 10, slices: 2 })
    const noOpen = algo('no-open', { kind: 'twap', open: undefined, limitPrice: '100', durationSeconds: 10, slices: 2 })
    writeFileSync(file, JSON.stringify({ version: 1, algos: [noOpen, twap] }))
    const lines: string[] = []
    const { algos, keptAside } = fileAlgoStore(file, (l) => lines.push(l)).load()
    expect(algos.map((a) => a.id)).toEqual(['twap'])
    expect(keptAside).not.toBeNull()
    expect(lines.join('\n')).toContain('1 of 2 algorithm(s) could not be read')
  })
})

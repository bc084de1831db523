// The algorithms' journal (src-main/algos/algo-store.ts): written whole and private, read back as written; a file
// that cannot be read is kept aside (never overwritten) with the algorithms that could be read kept.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { algosFile, fileAlgoStore } from '../../../src-main/algos/algo-store'
import type { Algo } from '../../../src-main/algos/types'

const algo = (id: string): Algo => ({
  id,
  profileId: 'p',
  spec: {
    kind: 'oco',
    module: 'spot',
    symbol: 'btcusdt',
    side: 'SELL',
    quantity: '0.5',
    limitPrice: '110',
    triggerPrice: '90',
    fireLate: true
  },
  state: 'working',
  children: [
    {
      clientOrderId: 'c1',
      role: 'limit',
      side: 'SELL',
      type: 'LIMIT',
      volume: '0.5',
      price: '110',
      state: 'placing',
      filled: '0'
    }
  ],
  createdAt: 1,
  updatedAt: 2
})

describe('algorithms journal', () => {
  it('reads back what it wrote, private to the user', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'algos-'))
    const file = algosFile(dir, 'p')
    const store = fileAlgoStore(file, () => undefined)
    await store.save([algo('a1'), algo('a2')])
    expect(fileAlgoStore(file, () => undefined).load()).toEqual({ algos: [algo('a1'), algo('a2')], keptAside: null })
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('keeps an unreadable file aside and the algorithms it could read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'algos-'))
    const file = algosFile(dir, 'p')
    const lines: string[] = []
    writeFileSync(file, JSON.stringify({ version: 1, algos: [algo('ok'), { ...algo('bad'), state: 'lost' }] }))
    const { algos, keptAside } = fileAlgoStore(file, (l) => lines.push(l)).load()
    expect(algos.map((a) => a.id)).toEqual(['ok'])
    expect(keptAside).toMatch(/p\.json\.unreadable-/)
    expect(existsSync(file)).toBe(false)
    expect(readFileSync(keptAside!, 'utf8')).toContain('"bad"')
    expect(lines.join('\n')).toContain('1 of 2 algorithm(s) could not be read')

    writeFileSync(file, '{ torn')
    const torn = fileAlgoStore(file, () => undefined).load()
    expect(torn.algos).toEqual([])
    expect(readdirSync(dir).filter((f) => f.includes('unreadable'))).toHaveLength(2)
  })
})

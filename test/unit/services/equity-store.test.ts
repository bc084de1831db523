// equity.json: samples kept per profile across a restart, bounded (the oldest go), a removed profile's dropped, and
// a file that cannot be read kept aside (said in the log) for curves that start anew.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EquityStore } from '../../../src-main/services/equity-store'

const sample = (at: number, total = '100.5') => ({ at, total, unpriced: [] })

describe('EquityStore', () => {
  it('keeps the newest samples per profile across a restart, and forgets a removed profile', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'equity-')), 'equity.json')
    const a = new EquityStore({ file, log: () => undefined, maxSamples: 3 })
    for (let i = 1; i <= 5; i++) await a.add('p1', sample(i))
    await a.add('p2', { at: 9, total: '0.000000000000000001', unpriced: ['XYZ'] })
    expect(a.samples('p1').map((s) => s.at)).toEqual([3, 4, 5])
    const b = new EquityStore({ file, log: () => undefined, maxSamples: 3 })
    expect(b.samples('p1').map((s) => s.at)).toEqual([3, 4, 5])
    expect(b.samples('p2')).toEqual([{ at: 9, total: '0.000000000000000001', unpriced: ['XYZ'] }])
    await b.forget('p2')
    expect(new EquityStore({ file, log: () => undefined }).samples('p2')).toEqual([])
  })

  it('keeps an unreadable file aside and starts anew, said in the log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'equity-'))
    const file = join(dir, 'equity.json')
    writeFileSync(file, '{"version":1,"profiles":{"p1":[{"at":1,"total":1.5}]}}')
    const logs: string[] = []
    const s = new EquityStore({ file, log: (l) => logs.push(l) })
    expect(s.samples('p1')).toEqual([])
    expect(existsSync(file)).toBe(false)
    expect(readdirSync(dir).some((f) => f.startsWith('equity.json.unreadable-'))).toBe(true)
    expect(logs.join('\n')).toContain('kept aside')
  })
})

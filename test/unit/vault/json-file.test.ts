// Main's durable JSON files (src-main/vault/json-file.ts, behind alerts.json, equity.json and the algorithms'
// journals): what could be read is kept and the file kept aside (never over an earlier one, even within one
// millisecond), and writes land in the order asked, a failed one said in the log without stopping the next.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { readJsonFile, SerialWriter, versionedList } from '../../../src-main/vault/json-file'

const item = z.strictObject({ id: z.string() })
const readItems = (file: string, log: (l: string) => void = () => undefined) =>
  readJsonFile(file, {
    name: 'things',
    log,
    empty: () => [] as { id: string }[],
    read: (raw) => versionedList(raw, { version: 1, key: 'things', item, what: 'things', noun: 'thing(s)' })
  })

afterEach(() => {
  vi.useRealTimers()
})

describe('reading a durable JSON file', () => {
  it('reads a whole file as it is, and no file as empty, keeping nothing aside', () => {
    const dir = mkdtempSync(join(tmpdir(), 'json-file-'))
    const file = join(dir, 'things.json')
    expect(readItems(file)).toEqual({ value: [], keptAt: null, reason: null })
    writeFileSync(file, JSON.stringify({ version: 1, things: [{ id: 'a' }] }))
    expect(readItems(file)).toEqual({ value: [{ id: 'a' }], keptAt: null, reason: null })
    expect(readdirSync(dir)).toEqual(['things.json'])
  })

  it('keeps what it could read, the file aside, and says why; never over one kept aside in the same millisecond', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-02T03:04:05.678Z') })
    const dir = mkdtempSync(join(tmpdir(), 'json-file-'))
    const file = join(dir, 'things.json')
    const lines: string[] = []
    writeFileSync(file, JSON.stringify({ version: 1, things: [{ id: 'a' }, { id: 7 }] }))
    const part = readItems(file, (l) => lines.push(l))
    expect(part).toMatchObject({ value: [{ id: 'a' }], reason: '1 of 2 thing(s) could not be read' })
    expect(part.keptAt).toMatch(/things\.json\.unreadable-2026-01-02T03-04-05-678Z$/)
    expect(existsSync(file)).toBe(false)
    expect(lines.join('\n')).toContain(`things: ${file} was kept aside as ${part.keptAt}`)

    writeFileSync(file, '{ torn')
    const torn = readItems(file)
    expect(torn.value).toEqual([])
    expect(torn.reason).toMatch(/^the whole file: /)
    expect(torn.keptAt).toBe(`${part.keptAt}-2`)
    expect(readFileSync(part.keptAt!, 'utf8')).toContain('"id":7')

    writeFileSync(file, JSON.stringify({ version: 2, things: [] }))
    expect(readItems(file).reason).toBe('the whole file: not a version 1 things file')
    expect(readdirSync(dir).filter((f) => f.includes('.unreadable-'))).toHaveLength(3)
  })
})

describe('writing a durable JSON file', () => {
  it('lands the writes in the order asked; a failed one is logged and rejects, the next still goes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'json-file-'))
    const file = join(dir, 'things.json')
    const lines: string[] = []
    const w = new SerialWriter(file, 'things', (l) => lines.push(l))
    const writes = ['1', '2', '3'].map((n) => w.write(n))
    await Promise.all(writes)
    expect(readFileSync(file, 'utf8')).toBe('3')

    writeFileSync(join(dir, 'blocked'), '') // a file where the folder should be: the write cannot land
    const bad = new SerialWriter(join(dir, 'blocked', 'x.json'), 'things', (l) => lines.push(l))
    await expect(bad.write('x')).rejects.toThrow()
    await bad.flushed()
    expect(lines.join('\n')).toContain(`things: could not write ${join(dir, 'blocked', 'x.json')}`)
    await w.write('4')
    expect(readFileSync(file, 'utf8')).toBe('4')
  })
})

// The order-history file of a profile: what was put is there after a reopen, the newest orders are kept beyond the
// bound, a torn last line (a crash mid-write) or a damaged line is dropped without losing the rest, and the file
// stays appendable afterwards, a failed write is redone as a whole rewrite, and only final orders leave for the
// bound. Also the merge rule the recorder applies before writing.
import { mkdtempSync, readFileSync, writeFileSync, appendFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  checkRecord,
  HistoryStore,
  newestFirst,
  type HistoryIo,
  type HistoryRecord
} from '../../../src-main/orders/history-store'
import { merge } from '../../../src-main/orders/history-records'

const file = () => join(mkdtempSync(join(tmpdir(), 'history-')), 'profile.jsonl')
function rec(orderId: string, o: Partial<HistoryRecord> = {}): HistoryRecord {
  return {
    module: 'spot',
    symbol: 'btcusdt',
    orderId,
    clientOrderId: `c${orderId}`,
    side: 'BUY',
    type: 'LIMIT',
    price: '60000.10',
    volume: '0.010000',
    executed: '0',
    avgPrice: null,
    status: 'NEW',
    time: 1_700_000_000_000,
    updatedAt: 1,
    confirmed: false,
    ...o
  }
}
const BIG = '9007199254740993' // beyond 2^53: must stay exact

describe('HistoryStore', () => {
  it('keeps every put across a reopen, the last state of an order winning, ids and decimals exact', async () => {
    const path = file()
    const { store } = await HistoryStore.open(path)
    await store.put([rec(BIG), rec('2', { module: 'margin' })]).written
    await store.put([rec(BIG, { status: 'FILLED', executed: '0.010000', avgPrice: '60000.10' })]).written
    const { store: again, report } = await HistoryStore.open(path)
    expect(report).toEqual({ records: 2, dropped: 0 })
    expect(again.get('spot', BIG)).toEqual(rec(BIG, { status: 'FILLED', executed: '0.010000', avgPrice: '60000.10' }))
    expect(again.get('margin', '2')?.module).toBe('margin')
    expect(again.get('spot', '2')).toBeUndefined()
    // POSIX modes: Windows reports 0o666 whatever was asked (its ACLs are per user already).
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it('drops a torn last line and a damaged line, keeps the rest, and appends cleanly after', async () => {
    const path = file()
    const { store } = await HistoryStore.open(path)
    await store.put([rec('1'), rec('2'), rec('3')]).written
    const lines = readFileSync(path, 'utf8').split('\n')
    lines[1] = '{"module":"spot","orderId":12' // damaged in the middle
    writeFileSync(path, lines.join('\n'))
    appendFileSync(path, JSON.stringify(rec('4')).slice(0, 40)) // a write cut short by a crash
    const { store: repaired, report } = await HistoryStore.open(path)
    expect(report).toEqual({ records: 2, dropped: 2 })
    expect([...repaired.all()].map((r) => r.orderId).sort()).toEqual(['1', '3'])
    // The file was rewritten whole: the next record is not glued to the torn line.
    await repaired.put([rec('5')]).written
    const { store: after, report: clean } = await HistoryStore.open(path)
    expect(clean.dropped).toBe(0)
    expect([...after.all()].map((r) => r.orderId).sort()).toEqual(['1', '3', '5'])
  })

  it('refuses records with a malformed field (number money, number id, unknown module)', () => {
    expect(checkRecord(rec('1'))).toEqual(rec('1'))
    expect(checkRecord({ ...rec('1'), price: 60000.1 })).toBeNull()
    expect(checkRecord({ ...rec('1'), orderId: 1 })).toBeNull()
    expect(checkRecord({ ...rec('1'), module: 'futures' })).toBeNull()
    expect(checkRecord({ ...rec('1'), side: undefined })).toBeNull()
    expect(checkRecord({ ...rec('1'), extra: 'x' })).toEqual(rec('1')) // only its own fields are kept
    expect(checkRecord({ ...rec('1'), executed: '-0.5' })).toBeNull()
    expect(checkRecord({ ...rec('1'), volume: '1e-7' })).toBeNull()
    expect(checkRecord({ ...rec('1'), avgPrice: '0.000000001' })).toMatchObject({ avgPrice: '0.000000001' })
  })

  it('keeps the newest orders beyond its bound, in memory and on disk', async () => {
    const path = file()
    const { store } = await HistoryStore.open(path, 5)
    await store.put(Array.from({ length: 8 }, (_, i) => rec(String(i + 1), { time: 1000 + i, status: 'FILLED' })))
      .written
    expect(store.size).toBe(5)
    const { store: again } = await HistoryStore.open(path, 5)
    expect([...again.all()].sort(newestFirst).map((r) => r.orderId)).toEqual(['8', '7', '6', '5', '4'])
  })

  it('drops only final orders for its bound, and writes nothing it drops at once', async () => {
    const path = file()
    const { store } = await HistoryStore.open(path, 3)
    await store.put([
      rec('1', { time: 1 }),
      rec('2', { time: 2, status: 'PARTIALLY_FILLED' }),
      rec('3', { time: 3, status: 'CANCELED' }),
      rec('4', { time: 4, status: 'FILLED' })
    ]).written
    expect([...store.all()].sort(newestFirst).map((r) => r.orderId)).toEqual(['4', '2', '1'])
    const late = store.put([rec('0', { time: 0, status: 'FILLED' })])
    await late.written
    expect(late.kept).toEqual([])
    expect(readFileSync(path, 'utf8')).not.toContain('"orderId":"0"')
    const { store: again } = await HistoryStore.open(path, 3)
    expect([...again.all()].map((r) => r.orderId).sort()).toEqual(['1', '2', '4'])
  })

  it('after a failed append (a partial line left behind) keeps the lines and rewrites the file whole next time', async () => {
    const path = file()
    let fail = 1
    const io: HistoryIo = {
      async append(p, text) {
        if (fail-- > 0) {
          appendFileSync(p, text.slice(0, 30)) // the disk filled up mid-write
          throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
        }
        appendFileSync(p, text)
      },
      rewrite: async (p, text) => writeFileSync(p, text)
    }
    const { store } = await HistoryStore.open(path, 5000, io)
    await expect(store.put([rec('1')]).written).rejects.toThrow('no space')
    await store.put([rec('2')]).written
    const { store: again, report } = await HistoryStore.open(path)
    expect(report.dropped).toBe(0)
    expect([...again.all()].map((r) => r.orderId).sort()).toEqual(['1', '2'])
  })

  it('retries a failed rewrite on the next flush (what close waits for)', async () => {
    const path = file()
    let fail = 1
    const io: HistoryIo = {
      append: async () => {
        throw new Error('EIO')
      },
      async rewrite(p, text) {
        if (fail-- > 0) throw new Error('EIO')
        writeFileSync(p, text)
      }
    }
    const { store } = await HistoryStore.open(path, 5000, io)
    await expect(store.put([rec('1')]).written).rejects.toThrow('EIO') // the append fails: rewrite next
    await expect(store.flush()).rejects.toThrow('EIO') // so does the first rewrite
    await store.flush()
    const { store: again } = await HistoryStore.open(path)
    expect([...again.all()].map((r) => r.orderId)).toEqual(['1'])
  })

  it('reads lines written before the confirmed flag as unconfirmed', async () => {
    const path = file()
    const { confirmed: _, ...old } = rec('1', { status: 'FILLED' })
    writeFileSync(path, `${JSON.stringify(old)}\n`)
    const { store, report } = await HistoryStore.open(path)
    expect(report.dropped).toBe(0)
    expect(store.get('spot', '1')).toMatchObject({ status: 'FILLED', confirmed: false })
  })

  it('rewrites the file when it holds far more lines than orders', async () => {
    const path = file()
    const { store } = await HistoryStore.open(path)
    // One put per change (a put of several states of one order writes only the last).
    await Promise.all(
      Array.from({ length: 600 }, (_, i) => store.put([rec('1', { executed: `0.00${i}`, updatedAt: i })]).written)
    )
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean)).toHaveLength(600) // appended while few
    await Promise.all(
      Array.from({ length: 500 }, (_, i) => store.put([rec('1', { executed: `0.00${600 + i}`, updatedAt: i })]).written)
    )
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean)
    expect(lines).toHaveLength(1)
    const { store: again } = await HistoryStore.open(path)
    expect(again.get('spot', '1')?.executed).toBe('0.001099')
  })

  it('orders newest first by time, then by id compared exactly beyond 2^53', () => {
    const list = [rec('9007199254740992'), rec(BIG), rec('5', { time: 1_700_000_000_001 })]
    expect(list.sort(newestFirst).map((r) => r.orderId)).toEqual(['5', BIG, '9007199254740992'])
  })
})

describe('merge', () => {
  it('takes the whole state from the source further along, comparing decimals by value', () => {
    const partial = rec('1', { status: 'PARTIALLY_FILLED', executed: '0.5', avgPrice: '60000', confirmed: true })
    // An older open-orders list: NEW with the same fill. Nothing of it is newer.
    expect(merge(partial, rec('1', { status: 'NEW', executed: '0.5' }))).toBeNull()
    // The same fill written differently is no change.
    expect(
      merge(partial, rec('1', { status: 'PARTIALLY_FILLED', executed: '0.50', avgPrice: '60000.0', confirmed: true }))
    ).toBeNull()
    // A cancel answer (no fill figures): its status, the known fill and its average, not confirmed.
    expect(merge(partial, rec('1', { status: 'CANCELED', executed: '0.5', avgPrice: null }))).toMatchObject({
      status: 'CANCELED',
      executed: '0.5',
      avgPrice: '60000',
      confirmed: false
    })
    // More filled wins whole: the average of the smaller fill is not carried over.
    expect(merge(partial, rec('1', { status: 'PARTIALLY_FILLED', executed: '0.7', avgPrice: null }))).toMatchObject({
      executed: '0.7',
      avgPrice: null,
      confirmed: false
    })
    // A query confirming the same final state marks it confirmed.
    const canceled = rec('1', { status: 'CANCELED', executed: '0.5' })
    expect(merge(canceled, { ...canceled, confirmed: true })).toMatchObject({ confirmed: true })
    expect(merge({ ...canceled, confirmed: true }, canceled)).toBeNull()
  })

  it('never lets an older, unfinished state replace a final one, never shrinks fills, never erases known fields', () => {
    const filled = rec('1', { status: 'FILLED', executed: '0.010000', avgPrice: '60000.10' })
    expect(merge(filled, rec('1', { status: 'NEW' }))).toBeNull()
    expect(
      merge(
        rec('1', { executed: '0.005', status: 'PARTIALLY_FILLED' }),
        rec('1', { executed: '0.001', status: 'PARTIALLY_FILLED' })
      )
    ).toBeNull()
    expect(merge(rec('1', { avgPrice: '1.5' }), rec('1', { clientOrderId: null, avgPrice: null }))).toBeNull()
    expect(merge(rec('1'), rec('1', { status: 'CANCELED', updatedAt: 9 }))).toMatchObject({
      status: 'CANCELED',
      clientOrderId: 'c1',
      updatedAt: 9
    })
    expect(merge(undefined, rec('1'))).toEqual(rec('1'))
  })
})

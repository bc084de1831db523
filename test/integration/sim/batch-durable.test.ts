// Batch placement and cancel on a data directory: every item of a batch is applied at once, in order, and
// answered once all of it is on disk (one journal batch, not one fdatasync per item); what was answered survives
// a restart, and a duplicate id within one batchCancel fails as the second cancel of that order.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startExchange } from '../../../src-sim/exchange'
import { clientsOf, keyPairs } from './harness'

const dir = mkdtempSync(join(tmpdir(), 'sim-batch-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The journal's records as {seq, batch, t} (the command's type), in order. */
function journal(): { seq: number; batch: number; t: string }[] {
  const file = readdirSync(dir)
    .filter((f) => f.startsWith('journal-'))
    .sort()
    .at(-1)!
  return readFileSync(join(dir, file), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line.slice(9)) as { seq: number; batch: number; cmd: { t: string } })
    .map((r) => ({ seq: r.seq, batch: r.batch, t: r.cmd.t }))
}

describe('batch orders on a data directory', () => {
  it('journals a batch as one group commit and keeps every answered item across a restart', async () => {
    const keys = keyPairs('batch')
    const ex = await startExchange({ activity: false, dataDir: dir, keys, futuresTickMs: 0 })
    const [c] = clientsOf(ex)
    const placed = await c!.signed('POST', '/spot/open/sapi/v1/batchOrders', {
      symbol: 'btcusdt',
      orders: [0, 1, 2].map((i) => ({ price: `2000${i}.00`, volume: '0.01', side: 'BUY', batchType: 'LIMIT' }))
    })
    expect(placed.status).toBe(200)
    const ids = placed.body.ids as string[]
    expect(ids).toHaveLength(3)
    const places = journal().filter((r) => r.t === 'place')
    expect(places).toHaveLength(3)
    expect(new Set(places.map((r) => r.batch)).size).toBe(1)

    const cancelled = await c!.signed('POST', '/spot/open/sapi/v1/batchCancel', {
      symbol: 'btcusdt',
      orderIds: [ids[0], ids[0], ids[1], '999']
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toEqual({ success: [ids[0], ids[1]], failed: [ids[0], '999'] })
    const cancels = journal().filter((r) => r.t === 'cancel')
    expect(cancels).toHaveLength(2) // refused cancels are not journaled
    expect(new Set(cancels.map((r) => r.batch)).size).toBe(1)
    await ex.close()

    const again = await startExchange({ activity: false, dataDir: dir, keys, futuresTickMs: 0 })
    try {
      const [d] = clientsOf(again)
      const status = async (orderId: string): Promise<string> =>
        (await d!.signed('GET', '/spot/open/sapi/v1/order', { symbol: 'btcusdt', orderId })).body.status
      expect(await status(ids[0]!)).toBe('CANCELED')
      expect(await status(ids[1]!)).toBe('CANCELED')
      expect(await status(ids[2]!)).toBe('NEW')
    } finally {
      await again.close()
    }
  })
})

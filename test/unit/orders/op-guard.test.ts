// The operation guard's identical-request lock: held while an operation is sent or checked, released with its
// verdict, and never left behind by a check that fails at once (the next identical request must be sent).
import { describe, expect, it } from 'vitest'
import { ExchangeError } from '../../../src-main/client/errors'
import type { ExchangeClient } from '../../../src-main/client/exchange-client'
import { OperationGuard, type GuardedOp } from '../../../src-main/orders/op-guard'

const client = { executor: { clock: { now: () => Date.now() } } } as unknown as ExchangeClient
const lost = (): Promise<never> => Promise.reject(new ExchangeError({ kind: 'unknown-outcome', endpointId: 'futures.transfer', message: 'answer lost' }))

describe('OperationGuard: the identical-request lock', () => {
  it('is released when the check throws before it returns a promise', async () => {
    const guard = new OperationGuard({ client, reconcileDeadlineMs: 1000 })
    const op: GuardedOp<void> = {
      endpointId: 'futures.transfer',
      key: 'k',
      send: lost,
      reconcile: () => {
        throw new Error('bad check')
      }
    }
    await expect(guard.run(op)).rejects.toThrow('bad check')
    expect(guard.pending()).toEqual([])
    let sent = 0
    const r = await guard.run({ ...op, send: async () => void sent++ })
    expect(r.status).toBe('applied')
    expect(sent).toBe(1)
    guard.close()
  })

  it('refuses an identical request while the first is prepared, and releases it when preparing fails', async () => {
    const guard = new OperationGuard({ client })
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    let sent = 0
    const op: GuardedOp<void> = { endpointId: 'futures.transfer', key: 'k', prepare: () => gate, send: async () => void sent++, reconcile: async () => ({ kind: 'cannot-tell', reason: '-' }) }
    const first = guard.run(op)
    const second = await guard.run(op)
    expect(second.status).toBe('not-applied')
    release()
    expect((await first).status).toBe('applied')
    expect(sent).toBe(1)
    await expect(guard.run({ ...op, prepare: async () => Promise.reject(new Error('no read')) })).rejects.toThrow('no read')
    expect(guard.pending()).toEqual([])
    expect(sent).toBe(1)
    guard.close()
  })
})

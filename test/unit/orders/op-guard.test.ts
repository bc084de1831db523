// The operation guard's identical-request lock: held while an operation is sent or checked, released with its
// verdict, and never left behind by a check that fails at once (the next identical request must be sent). And its
// events: pending while an operation is sent or checked, settled with the verdict (late after an 'unknown' answer).
import { describe, expect, it } from 'vitest'
import { ExchangeError } from '../../../src-main/client/errors'
import { ServerClock } from '../../../src-main/client/clock'
import type { ExchangeClient } from '../../../src-main/client/exchange-client'
import { OperationGuard, type GuardedOp, type OpEvent, type OpSubject } from '../../../src-main/orders/op-guard'
import type { OpFacts } from '../../../src-main/orders/op-reconcile'
import { errorBody } from '../../../src-main/services/errors'

const client = { executor: { clock: new ServerClock({ offsetMs: 0 }) } } as unknown as ExchangeClient
const subject: OpSubject = { kind: 'transfer', coin: 'USDT', amount: '10', detail: '10 USDT spot-to-futures' }
const lost = (): Promise<never> =>
  Promise.reject(new ExchangeError({ kind: 'unknown-outcome', endpointId: 'futures.transfer', message: 'answer lost' }))

describe('OperationGuard: the identical-request lock', () => {
  it('is released when the check throws before it returns a promise', async () => {
    const guard = new OperationGuard({ client, reconcileDeadlineMs: 1000 })
    const op: GuardedOp<void> = {
      endpointId: 'futures.transfer',
      key: 'k',
      subject,
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
    const op: GuardedOp<void> = {
      endpointId: 'futures.transfer',
      key: 'k',
      subject,
      prepare: () => gate,
      send: async () => void sent++,
      reconcile: async () => ({ kind: 'cannot-tell', reason: { key: 'main.reason.legAmbiguous' } })
    }
    const first = guard.run(op)
    const second = await guard.run(op)
    expect(second.status).toBe('not-applied')
    release()
    expect((await first).status).toBe('applied')
    expect(sent).toBe(1)
    await expect(guard.run({ ...op, prepare: async () => Promise.reject(new Error('no read')) })).rejects.toThrow(
      'no read'
    )
    expect(guard.pending()).toEqual([])
    expect(sent).toBe(1)
    guard.close()
  })
})

describe('OperationGuard: events', () => {
  /** A check that reads the venue once inconclusively, then waits for `decide` to give its facts. */
  function slowCheck(): { op: GuardedOp<void>; decide: (f: OpFacts<void>) => void } {
    let decide!: (f: OpFacts<void>) => void
    const facts = new Promise<OpFacts<void>>((r) => (decide = r))
    const op: GuardedOp<void> = {
      endpointId: 'futures.transfer',
      key: 'k',
      subject,
      send: lost,
      reconcile: async (env) => {
        env.onQuery() // one read that could not reach the venue
        env.onInconclusive('network')
        return facts
      }
    }
    return { op, decide }
  }
  it('announces a check that outlasts the deadline and its late verdict, with the subject and the counters', async () => {
    const events: OpEvent[] = []
    const guard = new OperationGuard({ client, reconcileDeadlineMs: 50, onEvent: (e) => events.push(e) })
    const { op, decide } = slowCheck()
    const r = await guard.run(op)
    expect(r.status).toBe('unknown')
    const pending = events
      .filter((e) => e.type === 'pending')
      .map((e) => (e as Extract<OpEvent, { type: 'pending' }>).pending)
    expect(pending[0]).toMatchObject({ phase: 'sending', queries: 0, subject, endpointId: 'futures.transfer' })
    expect(pending.at(-1)).toMatchObject({ phase: 'reconciling', queries: 1 })
    expect(pending.at(-1)!.lastError).toBe('network')
    expect(new Set(pending.map((p) => p.id)).size).toBe(1)
    expect(events.some((e) => e.type === 'settled')).toBe(false)

    decide({ kind: 'not-applied', reason: { key: 'main.reason.transferAbsent' } })
    if (r.status === 'unknown') await r.settled
    const last = events.at(-1)!
    expect(last).toMatchObject({ type: 'settled', id: pending[0]!.id, status: 'not-applied', late: true, subject })
    expect(last.type === 'settled' && last.error?.message).toBe(
      'futures.transfer: not applied: the futures capital flow shows no such transfer after the time window; sending it again is safe'
    )
    // The verdict's text in catalog words, its reason linked in (the UI tells both in its language).
    expect(last.type === 'settled' && errorBody(last.error).words).toEqual({
      key: 'main.op.notApplied',
      params: { reason: 'main.reason.transferAbsent' }
    })
    expect(guard.pending()).toEqual([])
    guard.close()
  })

  it('settles a verdict reached within the deadline as not late, and an operation sent fine as applied', async () => {
    const events: OpEvent[] = []
    const guard = new OperationGuard({ client, reconcileDeadlineMs: 5000, onEvent: (e) => events.push(e) })
    const { op, decide } = slowCheck()
    const run = guard.run(op)
    decide({ kind: 'cannot-tell', reason: { key: 'main.reason.triggersMatch', params: { count: 2 } } })
    const verdict = await run
    expect(verdict.status).toBe('undetermined')
    expect(verdict.status === 'undetermined' && errorBody(verdict.error)).toMatchObject({
      message:
        'futures.transfer: outcome unknown: 2 trigger orders match what was sent; the venue cannot tell which (if any) is this one',
      words: { key: 'main.op.undetermined', params: { reason: 'main.reason.triggersMatch', count: 2 } }
    })
    expect(events.at(-1)).toMatchObject({ type: 'settled', status: 'undetermined', late: false })
    await guard.run({ ...op, key: 'other', send: async () => undefined })
    expect(events.at(-1)).toMatchObject({ type: 'settled', status: 'applied', late: false })
    expect(events.at(-1)).not.toHaveProperty('error')
    guard.close()
  })

  it('keeps working when a listener throws', async () => {
    const guard = new OperationGuard({
      client,
      onEvent: () => {
        throw new Error('listener')
      }
    })
    expect(
      (
        await guard.run({
          endpointId: 'futures.transfer',
          key: 'k',
          subject,
          send: async () => undefined,
          reconcile: async () => ({ kind: 'cannot-tell', reason: { key: 'main.reason.legAmbiguous' } })
        })
      ).status
    ).toBe('applied')
    guard.close()
  })
})

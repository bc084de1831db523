// The contract endpoint of a core still starting (`npm run web` prints its link first): a page's messages sent
// meanwhile reach the core in order once it is up; a socket closed before, or a core that failed, gets nothing.
import { describe, expect, it } from 'vitest'
import type { ContractEndpoint } from '../../../src-main/browser-host/browser-host'
import { deferredEndpoint, MAX_EARLY_MESSAGES } from '../../../src-main/browser-host/deferred-endpoint'

function recordingCore() {
  const got: { conn: string; m: unknown }[] = []
  const closed: string[] = []
  const core: ContractEndpoint = {
    connect: (_send, ctx) => ({
      receive: (m) => void got.push({ conn: ctx.connectionId, m }),
      close: () => void closed.push(ctx.connectionId)
    })
  }
  return { core, got, closed }
}

function later<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)))
  return { promise, resolve, reject }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('deferredEndpoint', () => {
  it('hands what a page sent before the core was up over in order, then passes messages straight through', async () => {
    const { core, got } = recordingCore()
    const ready = later<ContractEndpoint>()
    const e = deferredEndpoint(ready.promise)
    const a = e.connect(() => undefined, { connectionId: 'a' })
    a.receive({ t: 'call', id: 1 })
    a.receive({ t: 'sub', id: 2 })
    expect(got).toEqual([])
    ready.resolve(core)
    await settle()
    a.receive({ t: 'call', id: 3 })
    expect(got).toEqual([
      { conn: 'a', m: { t: 'call', id: 1 } },
      { conn: 'a', m: { t: 'sub', id: 2 } },
      { conn: 'a', m: { t: 'call', id: 3 } }
    ])
    // A socket accepted once the core is up is connected at once.
    e.connect(() => undefined, { connectionId: 'b' }).receive({ t: 'call', id: 1 })
    expect(got.at(-1)).toEqual({ conn: 'b', m: { t: 'call', id: 1 } })
  })

  it('a socket closed before the core was up never reaches it; one closed after is closed there', async () => {
    const { core, got, closed } = recordingCore()
    const ready = later<ContractEndpoint>()
    const e = deferredEndpoint(ready.promise)
    const gone = e.connect(() => undefined, { connectionId: 'gone' })
    gone.receive({ t: 'call', id: 1 })
    gone.close()
    const kept = e.connect(() => undefined, { connectionId: 'kept' })
    ready.resolve(core)
    await settle()
    kept.close()
    expect(got).toEqual([])
    expect(closed).toEqual(['kept'])
  })

  it('holds at most MAX_EARLY_MESSAGES, and nothing when the core fails to start', async () => {
    const { core, got } = recordingCore()
    const ready = later<ContractEndpoint>()
    const c = deferredEndpoint(ready.promise).connect(() => undefined, { connectionId: 'a' })
    for (let i = 0; i < MAX_EARLY_MESSAGES + 5; i++) c.receive({ t: 'call', id: i })
    ready.resolve(core)
    await settle()
    expect(got).toHaveLength(MAX_EARLY_MESSAGES)
    const failing = later<ContractEndpoint>()
    const f = deferredEndpoint(failing.promise).connect(() => undefined, { connectionId: 'f' })
    f.receive({ t: 'call', id: 1 })
    failing.reject(new Error('the exchange data folder is locked'))
    await settle()
    expect(() => f.close()).not.toThrow()
  })
})

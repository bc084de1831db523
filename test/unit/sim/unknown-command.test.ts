// A command of no kind this build knows (a journal of another build, or a bug) is refused by apply, on the spot
// side and the futures side, and leaves the state as it was: replay then refuses the directory instead of
// skipping the record (durable-state.ts), and nothing is journaled for it live.
import { describe, expect, it } from 'vitest'
import { ExchangeState, type ExchangeCommand } from '../../../src-sim/exchange-state'

const T = 1_700_000_000_000

describe('ExchangeState.apply of an unknown command', () => {
  it.each([
    ['spot', 'no-such-command'],
    ['futures', 'futures.no-such-command'],
    // no t at all: isFuturesCommand's typeof guard keeps it from throwing a TypeError on t.startsWith
    ['spot', undefined]
  ])('%s %s: throws naming it and changes nothing', (venue, t) => {
    const s = new ExchangeState()
    s.apply({ t: 'account', id: 'a', apiKey: 'k', secret: 's', time: T } as ExchangeCommand)
    const before = JSON.stringify(s.snapshot())
    expect(() =>
      s.apply((t === undefined ? { time: T + 1 } : { t, time: T + 1 }) as unknown as ExchangeCommand)
    ).toThrow(`unknown ${venue} command '${String(t)}'`)
    expect(JSON.stringify(s.snapshot())).toBe(before)
  })
})

// The logs' redaction list is bounded: a caller registering a value per request cannot grow it (and the scan of every
// log line) without end; the newest values are kept and still scrubbed.
import { describe, expect, it } from 'vitest'
import { MAX_VALUES, Redactor } from '../../../src-main/core/redactor'

describe('Redactor bound', () => {
  it('keeps at most MAX_VALUES values, dropping the oldest, and still scrubs the newest', () => {
    const r = new Redactor()
    for (let i = 0; i < MAX_VALUES * 10; i++) r.add(`secret-${i}-padding`)
    expect(r.size).toBe(MAX_VALUES)
    expect(r.scrub(`x secret-${MAX_VALUES * 10 - 1}-padding y`)).toBe('x [redacted] y')
    expect(r.scrub('secret-0-padding')).toBe('secret-0-padding')
  })

  it('keeps a value registered again as the newest', () => {
    const r = new Redactor()
    r.add('the-first-secret')
    for (let i = 0; i < MAX_VALUES - 1; i++) r.add(`filler-${i}-value`)
    r.add('the-first-secret')
    r.add('one-more-value')
    expect(r.scrub('the-first-secret')).toBe('[redacted]')
  })

  it('does not keep a value longer than any secret the terminal holds', () => {
    const r = new Redactor()
    r.add('x'.repeat(100_000))
    expect(r.size).toBe(0)
  })
})

// Which failed reconciliation read is repeated (the venue may answer later) and which ends the check as "cannot
// tell" (it would be refused the same way for ever): shared by the order gateway and the operation guard.
import { describe, expect, it } from 'vitest'
import { ClientValidationError, ExchangeError, type ExchangeErrorInit } from '../../../src-main/client/errors'
import { inEnglish } from '@shared/i18n/translate'
import { permanentReadError, readRefusal } from '../../../src-main/orders/read-errors'

const err = (init: Partial<ExchangeErrorInit>): ExchangeError =>
  new ExchangeError({
    kind: 'api',
    endpointId: 'spot.order.query',
    message: `refused ${JSON.stringify(init)}`,
    ...init
  })

describe('permanentReadError', () => {
  it('a refused key or signature, a forbidden or banned caller, a refused parameter: permanent, with the error text', () => {
    const permanent = [
      err({ code: -1002, httpStatus: 401 }), // key missing or unknown (revoked)
      err({ code: -1022, httpStatus: 401 }), // signature not valid (wrong secret)
      err({ code: -2015, httpStatus: 401 }), // key rejected (permissions)
      err({ code: -1121, httpStatus: 400 }), // a parameter the venue refuses
      err({ code: -1022, httpStatus: 200 }), // a live venue's failure envelope on HTTP 200
      err({ kind: 'http', httpStatus: 401 }),
      err({ kind: 'http', httpStatus: 403 }),
      err({ kind: 'http', httpStatus: 404 }), // the endpoint is not there
      err({ kind: 'http', httpStatus: 418 }), // IP ban: minutes to days, and reads lengthen it
      new ClientValidationError('spot.order.query', 'symbol', 'is not a symbol')
    ]
    for (const e of permanent) expect(permanentReadError(e), e.message).toBe(e.message)
  })

  it('network, timeout, 5xx, rate limits, the venue unsure, the clock, an unreadable answer: transient', () => {
    const transient: unknown[] = [
      err({ kind: 'network' }),
      err({ kind: 'timeout' }),
      err({ kind: 'parse', httpStatus: 200 }),
      err({ kind: 'unknown-outcome' }),
      err({ kind: 'aborted' }),
      err({ kind: 'http', httpStatus: 408 }),
      err({ kind: 'http', httpStatus: 429 }),
      err({ kind: 'http', httpStatus: 500 }),
      err({ kind: 'http', httpStatus: 503 }),
      err({ code: -1003, httpStatus: 429 }),
      err({ code: -1003 }), // rate limit in a failure envelope
      err({ code: -1000, httpStatus: 500 }),
      err({ code: -1000, httpStatus: 400 }),
      err({ code: -1021, httpStatus: 401 }), // timestamp: the client re-syncs its clock
      err({ code: -2015, httpStatus: 502 }), // a gateway's 5xx whatever the body
      // Keys that could not be loaded (a locked keychain, keys being replaced): the user can fix that, and the
      // venue was never asked, so it refused nothing.
      err({ kind: 'validation', endpointId: 'credentials', message: 'credentials: the keychain is locked' }),
      err({ kind: 'validation', message: 'spot.order.query: credentials: unavailable' }),
      new Error('boom') // not the client's error: proves nothing
    ]
    for (const e of transient) expect(permanentReadError(e), String(e)).toBeUndefined()
  })

  it('readRefusal says why the check cannot tell (in catalog words), or nothing when the read may pass later', () => {
    const why = readRefusal(err({ kind: 'http', httpStatus: 403, message: 'spot.order.query: HTTP 403' }))
    expect(why).toEqual({ key: 'main.reason.readsRefused', params: { error: 'spot.order.query: HTTP 403' } })
    expect(inEnglish(why!)).toBe('the venue refuses the reads that would tell (spot.order.query: HTTP 403)')
    expect(readRefusal(err({ kind: 'http', httpStatus: 503 }))).toBeUndefined()
  })
})

// Errors main writes carry catalog words beside their English: the UI gets both (errorBody), the undetermined-orders
// file keeps both (toJSON, revived), a reason is linked into its verdict, and every main refusal reads right in each
// language.
import { describe, expect, it } from 'vitest'
import { ClientValidationError, ExchangeError } from '../../../src-main/client/errors'
import {
  asSaid,
  isWords,
  linking,
  revivedError,
  said,
  SaidError,
  SaidValidationError,
  wordsOf
} from '../../../src-main/orders/said'
import { cancelVerdict, placeVerdict } from '../../../src-main/orders/verdicts'
import { errorBody } from '../../../src-main/services/errors'
import { LOCALES } from '@shared/i18n/locales'
import { translateIn } from '@shared/i18n/translate'

describe('errors in words', () => {
  it('keep the English message (after the endpoint) and give the UI the words', () => {
    const e = said({ kind: 'api', code: -2013, endpointId: 'spot.order.cancel' }, { key: 'main.verdict.noSuchOrder' })
    expect(e).toBeInstanceOf(ExchangeError)
    expect(e.message).toBe('spot.order.cancel: order does not exist')
    expect(errorBody(e)).toEqual({
      code: 'exchange',
      message: 'spot.order.cancel: order does not exist',
      exchange: { code: -2013, endpointId: 'spot.order.cancel', kind: 'api' },
      words: { key: 'main.verdict.noSuchOrder' }
    })
    expect(said({ kind: 'aborted', endpointId: 'orders' }, { key: 'main.order.closed' }, null).message).toBe(
      'order gateway closed before the outcome was known'
    )
    const refused = new SaidValidationError('futures.transfer', 'request', 'is identical', { key: 'main.op.identical' })
    expect(refused).toBeInstanceOf(ClientValidationError)
    expect(errorBody(refused)).toMatchObject({ code: 'invalid-input', field: 'request', words: refused.words })
  })

  it('go into a stored verdict and come back from it; an older file (no words) or bad words give a plain error', () => {
    const e = said(
      { kind: 'unknown-outcome', endpointId: 'spot.order.place', detail: 'undetermined' },
      {
        key: 'main.verdict.placeUndetermined',
        params: { order: 'c1', reason: 'main.reason.readsRefused', error: 'HTTP 403' }
      }
    )
    const stored = JSON.parse(JSON.stringify(e)) as Parameters<typeof revivedError>[0]
    expect(stored.words).toEqual(e.words)
    const back = revivedError(stored)
    expect(back).toBeInstanceOf(SaidError)
    expect(back.message).toBe(e.message)
    expect(wordsOf(back)).toEqual(e.words)
    const { words: _w, ...older } = stored
    expect(revivedError(older)).not.toBeInstanceOf(SaidError)
    expect(wordsOf(revivedError({ ...older, words: { key: 7 } }))).toBeUndefined()
    expect(wordsOf(revivedError({ ...older, words: { key: 'k', params: { x: {} } } }))).toBeUndefined()
    expect(isWords({ key: 'main.internal', params: { n: 1, s: 'x' } })).toBe(true)
  })

  it('link a reason into the verdict that names it, in every language', () => {
    const w = linking({ key: 'main.op.notApplied' }, 'reason', {
      key: 'main.reason.legsPartly',
      params: { found: 1, total: 2 }
    })
    expect(w).toEqual({ key: 'main.op.notApplied', params: { found: 1, total: 2, reason: 'main.reason.legsPartly' } })
    expect(translateIn('en', w.key, w.params)).toBe(
      'not applied: only 1 of 2 TP/SL legs are listed; sending it again is safe'
    )
    expect(translateIn('zh-CN', w.key, w.params)).toBe('未生效：2 条止盈止损腿中只列出了 1 条；可以安全地重新发送')
    expect(translateIn('zh-TW', w.key, w.params)).toBe('未生效：2 條停利停損腿中只列出了 1 條；可以安全地重新送出')
    // Text main has no words for (the venue's, the client's) is told as it is inside the frame.
    const raw = linking({ key: 'main.order.idUnread' }, 'reason', asSaid('network HTTP 502'))
    expect(translateIn('zh-TW', raw.key, raw.params)).toBe('無法讀取訂單 ID（network HTTP 502）；未送出任何請求')
  })
})

describe('verdicts in words', () => {
  const subject = { actionId: 'a1', market: 'spot', symbol: 'btcusdt', clientOrderId: 'c9', reconciled: true } as const
  it('a venue that shows the place REJECTED, and a cancel refused by the order status', () => {
    const v = placeVerdict(subject, { kind: 'found', order: { orderId: '5', status: 'REJECTED' } })
    expect(v.status === 'rejected' && [v.error.message, wordsOf(v.error)]).toEqual([
      'spot.order.place: the venue rejected order c9',
      { key: 'main.verdict.rejected', params: { order: 'c9' } }
    ])
    const filled = cancelVerdict(subject, { kind: 'found', order: { orderId: '5', status: 'FILLED' } })
    expect(filled.status === 'rejected' && [filled.error.message, wordsOf(filled.error)]).toEqual([
      'spot.order.cancel: not canceled: the order is FILLED',
      { key: 'main.verdict.notCanceledFinal', params: { status: 'FILLED' } }
    ])
    const open = cancelVerdict(subject, { kind: 'found', order: { orderId: '5' } })
    expect(open.status === 'rejected' && open.error.message).toBe(
      'spot.order.cancel: not canceled: the cancel never took effect (the order is open)'
    )
    const words = open.status === 'rejected' ? wordsOf(open.error)! : { key: '' }
    expect(LOCALES.map((l) => translateIn(l, words.key, words.params))).toEqual([
      'not canceled: the cancel never took effect (the order is open)',
      '未撤单：撤单未生效（订单仍在挂单中）',
      '未撤單：撤單未生效（訂單仍在掛單中）'
    ])
  })
})

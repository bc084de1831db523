// A venue's refusal reaches the UI with its code and its own words. The embedded exchange in its live flavor answers
// the way live venues do: HTTP 200, a string code and a Chinese msg ("余额不足"); the UI's words for it are
// test/dom/frame/venue-errors.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractError } from '@shared/ipc/contract-kit'
import { ERROR_CODES } from '@shared/api/errors'
import { MESSAGES } from '@shared/i18n/messages'
import { LOCALES } from '@shared/i18n/locales'
import { startRig, type Rig } from '../core/harness'
import { control, quietExchange } from '../sim/harness'

let rig: Rig
let live: Awaited<ReturnType<typeof quietExchange>>
let refusal: ContractError

beforeAll(async () => {
  live = await quietExchange({ flavor: 'live' })
  rig = await startRig({ embedded: { activity: false } })
  const keys = await control(live.ex, 'accounts', {})
  const { profile } = await rig.client.invoke('profiles.add', {
    name: 'Live',
    baseUrl: live.ex.url,
    wsSpotUrl: `ws://127.0.0.1:${live.ex.port}/spot/ws`,
    wsFuturesUrl: `ws://127.0.0.1:${live.ex.port}/futures/ws`,
    secrets: { apiKey: keys.apiKey, apiSecret: keys.apiSecret },
    allowUnencrypted: true
  })
  // Far more than the account holds: the venue refuses it with -2017.
  refusal = await rig.client
    .invoke('trading.placeOrder', {
      profileId: profile.id,
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '60000',
      volume: '1000'
    })
    .then(
      () => {
        throw new Error('the venue accepted an order it cannot fund')
      },
      (e: ContractError) => e
    )
}, 60_000)
afterAll(async () => {
  await rig?.close()
  await live?.ex.close()
})

describe('venue errors in words', () => {
  it('main passes the venue code and its own words', () => {
    expect(refusal.code).toBe('exchange')
    expect(refusal.exchange).toMatchObject({ code: -2017, venueMessage: '余额不足' })
  })

  it('every code of the family has words in every language', () => {
    for (const locale of LOCALES) {
      const codes = MESSAGES[locale].venueErrors.codes as Record<string, string>
      for (const { code } of ERROR_CODES) expect(codes[`e${-code}`], `${locale} ${code}`).toBeTruthy()
    }
  })
})

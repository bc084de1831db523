// Inputs of the market channels: public data of a profile's venue. Symbols are spot (btcusdt) or futures contract
// names (E-BTC-USDT) by module.
import { z } from 'zod'
import { rule } from './field-rule'
import {
  contractName,
  interval,
  marketRef,
  obj,
  pageLimit,
  profileOnly,
  SPOT_OR_FUTURES,
  spotSymbol,
  withProfile
} from './common'

export const symbolsInput = profileOnly
export const contractsInput = profileOnly

/** Spot has no all-tickers endpoint, so spot names its symbols (one request each); futures may filter. */
export const tickersInput = z.discriminatedUnion(
  'module',
  [
    obj({
      ...withProfile,
      module: z.literal('spot'),
      symbols: z
        .array(spotSymbol)
        .min(1, rule('symbolsAtLeastOne'))
        .max(20, rule('symbolsAtMost', { max: 20 }))
    }),
    obj({
      ...withProfile,
      module: z.literal('futures'),
      symbols: z
        .array(contractName)
        .max(200, rule('contractsAtMost', { max: 200 }))
        .optional()
    })
  ],
  { error: (iss) => (iss.code === 'invalid_union' ? SPOT_OR_FUTURES : undefined) }
)

export const depthInput = marketRef({ limit: pageLimit(100).optional() })
export const tradesInput = marketRef({ limit: pageLimit(300).optional() })
/**
 * `before`: only bars that opened before this time (seconds, a bar's id): a page of older history, asked by the
 * socket's `req` with `endIdx` (spot klines over REST take no end time).
 */
export const candlesInput = marketRef({
  interval,
  limit: pageLimit(300).optional(),
  before: z
    .int(rule('whole'))
    .min(1, rule('atLeast', { min: 1 }))
    .optional()
})
export const indexInput = obj({ ...withProfile, symbol: contractName.optional() })
export const fundingRateInput = obj({ ...withProfile, symbol: contractName })

export const bookStream = marketRef({})
export const tradesStream = marketRef({})
export const tickerStream = marketRef({})
export const candlesStream = marketRef({ interval })
export const markPriceStream = obj({ ...withProfile, symbol: contractName })

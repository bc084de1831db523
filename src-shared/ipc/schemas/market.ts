// Inputs of the market channels: public data of a profile's venue. Symbols are spot (btcusdt) or futures contract
// names (E-BTC-USDT) by module.
import { z } from 'zod'
import { contractName, interval, marketRef, obj, pageLimit, profileOnly, spotSymbol, withProfile } from './common'

export const symbolsInput = profileOnly
export const contractsInput = profileOnly

/** Spot has no all-tickers endpoint, so spot names its symbols (one request each); futures may filter. */
export const tickersInput = z.discriminatedUnion(
  'module',
  [
    obj({
      ...withProfile,
      module: z.literal('spot'),
      symbols: z.array(spotSymbol).min(1, 'must name at least one symbol').max(20, 'must name at most 20 symbols')
    }),
    obj({
      ...withProfile,
      module: z.literal('futures'),
      symbols: z.array(contractName).max(200, 'must name at most 200 contracts').optional()
    })
  ],
  { error: (iss) => (iss.code === 'invalid_union' ? "must be 'spot' or 'futures'" : undefined) }
)

export const depthInput = marketRef({ limit: pageLimit(100).optional() })
export const tradesInput = marketRef({ limit: pageLimit(300).optional() })
export const candlesInput = marketRef({ interval, limit: pageLimit(300).optional() })
export const indexInput = obj({ ...withProfile, symbol: contractName.optional() })
export const fundingRateInput = obj({ ...withProfile, symbol: contractName })

export const bookStream = marketRef({})
export const tradesStream = marketRef({})
export const tickerStream = marketRef({})
export const candlesStream = marketRef({ interval })
export const markPriceStream = obj({ ...withProfile, symbol: contractName })

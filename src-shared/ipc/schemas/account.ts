// Inputs of the account, transfer and app channels: private reads of a profile's venue, paged by `fromId`
// (records after an id) or `page`, and the wallet transfer between spot and futures.
import { z } from 'zod'
import { rule } from './field-rule'
import {
  asset,
  contractName,
  idText,
  millis,
  obj,
  pageLimit,
  positiveDecimal,
  profileOnly,
  spotSymbol,
  tradeRef,
  withProfile
} from './common'

const paging = { limit: pageLimit(1000).optional(), fromId: idText.optional() }

export const balancesInput = profileOnly
/** Spot and margin list per symbol (the endpoints require one); futures may list every contract. */
export const openOrdersInput = tradeRef({}, contractName.optional())
export const tradesInput = tradeRef(paging, contractName.optional())
/** The venue's futures order history (spot and margin history is the terminal's own: trading.orderHistory). */
export const futuresOrderHistoryInput = obj({ ...withProfile, symbol: contractName.optional(), ...paging })

const funds = obj({
  ...withProfile,
  asset: asset.optional(),
  status: z
    .int(rule('whole'))
    .min(0, rule('notNegative'))
    .max(99, rule('atMost', { max: 99 }))
    .optional(),
  startTime: millis.optional(),
  endTime: millis.optional(),
  txid: z
    .string(rule('string'))
    .min(1, rule('notEmpty'))
    .max(128, rule('maxChars', { max: 128 }))
    .optional(),
  limit: pageLimit(1000).optional()
})
export const depositsInput = funds
export const withdrawalsInput = funds

export const futuresAccountInput = profileOnly
export const positionsInput = obj({ ...withProfile, symbol: contractName.optional() })
export const pnlHistoryInput = obj({ ...withProfile, symbol: contractName.optional(), ...paging })
export const closingFillsInput = pnlHistoryInput
export const capitalFlowInput = obj({
  ...withProfile,
  startTime: millis.optional(),
  endTime: millis.optional(),
  page: z
    .int(rule('whole'))
    .min(1, rule('atLeast', { min: 1 }))
    .max(100_000, rule('tooLarge'))
    .optional(),
  limit: pageLimit(1000).optional()
})
export const triggerOrdersInput = obj({
  ...withProfile,
  symbol: contractName.optional(),
  page: z
    .int(rule('whole'))
    .min(1, rule('atLeast', { min: 1 }))
    .max(100_000, rule('tooLarge'))
    .optional(),
  limit: pageLimit(1000).optional()
})
export const adlInput = obj({ ...withProfile, symbol: contractName, ...paging })
export const liquidationsInput = obj({ ...withProfile, symbol: contractName.optional(), ...paging })

/** What to poll: open orders need symbols on spot and margin; futures covers account, positions, open orders. */
export const accountUpdateStream = obj({
  ...withProfile,
  spotSymbols: z
    .array(spotSymbol)
    .max(20, rule('symbolsAtMost', { max: 20 }))
    .optional(),
  marginSymbols: z
    .array(spotSymbol)
    .max(20, rule('symbolsAtMost', { max: 20 }))
    .optional(),
  futures: z.boolean(rule('boolean')).optional()
})

export const transferInput = obj({
  ...withProfile,
  direction: z.enum(
    ['spot-to-futures', 'futures-to-spot'],
    rule('either', { a: 'spot-to-futures', b: 'futures-to-spot' })
  ),
  coin: asset,
  amount: positiveDecimal
})
export const futuresBalanceInput = obj({ ...withProfile, coin: asset.optional() })
export const rsaStatusInput = profileOnly

export const appInfoInput = obj({})
export const statusStream = profileOnly

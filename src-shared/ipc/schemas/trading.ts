// Inputs of the trading channels. Shape rules are checked here (LIMIT needs a price, a trailing stop needs its
// callback ratio); the symbol's own rules (precision, minimums) are checked by the trading service, which knows them.
import { z } from 'zod'
import {
  clientOrderId,
  contractName,
  idText,
  millis,
  obj,
  orderType,
  pageLimit,
  positionType,
  positiveDecimal,
  profileOnly,
  side,
  spotSymbol,
  timeInForce,
  tradeRef,
  withProfile
} from './common'

const orderFields = {
  side,
  type: orderType,
  /** Base quantity; a spot MARKET BUY is sized in quote, a futures MARKET OPEN in notional. */
  volume: positiveDecimal,
  price: positiveDecimal.optional(),
  clientOrderId: clientOrderId.optional()
}
const futuresFields = {
  open: z.enum(['OPEN', 'CLOSE'], 'must be OPEN or CLOSE'),
  positionType,
  timeInForce: timeInForce.optional()
}

type PriceShape = { type: 'LIMIT' | 'MARKET'; price?: string | undefined; timeInForce?: string | undefined }

/** LIMIT needs a price; MARKET takes none (a stray price would be silently ignored by the venue). */
function checkPrice(o: PriceShape, ctx: z.RefinementCtx, path: (string | number)[] = []): void {
  if (o.type === 'LIMIT' && o.price === undefined)
    ctx.addIssue({ code: 'custom', path: [...path, 'price'], message: 'is required for a LIMIT order' })
  if (o.type === 'MARKET' && o.price !== undefined)
    ctx.addIssue({ code: 'custom', path: [...path, 'price'], message: 'must be left out of a MARKET order' })
  if (o.type === 'MARKET' && o.timeInForce === 'POST_ONLY')
    ctx.addIssue({ code: 'custom', path: [...path, 'timeInForce'], message: 'POST_ONLY needs a LIMIT order' })
}

const spotOrder = obj({ ...withProfile, module: z.literal('spot'), symbol: spotSymbol, ...orderFields })
const marginOrder = obj({ ...withProfile, module: z.literal('margin'), symbol: spotSymbol, ...orderFields })
const futuresOrder = obj({
  ...withProfile,
  module: z.literal('futures'),
  symbol: contractName,
  ...orderFields,
  ...futuresFields
})

export const placeOrderInput = z
  .discriminatedUnion('module', [spotOrder, marginOrder, futuresOrder], {
    error: (iss) => (iss.code === 'invalid_union' ? "must be 'spot', 'margin' or 'futures'" : undefined)
  })
  .superRefine((o, ctx) => checkPrice(o, ctx))

/** The venue's order test: spot only (the spec has no margin or futures test endpoint). */
export const testOrderInput = spotOrder.superRefine((o, ctx) => checkPrice(o, ctx))

export const cancelOrderInput = tradeRef({
  orderId: idText.optional(),
  clientOrderId: clientOrderId.optional()
}).superRefine((o, ctx) => {
  if (o.orderId === undefined && o.clientOrderId === undefined)
    ctx.addIssue({ code: 'custom', path: ['orderId'], message: 'orderId or clientOrderId is required' })
})

export const cancelAllInput = tradeRef({})
/** An order action whose outcome the venue would not tell, which the user checked: no longer listed or re-checked. */
export const dismissUndeterminedInput = tradeRef({
  action: z.enum(['place', 'cancel']),
  orderId: idText.optional(),
  clientOrderId: clientOrderId.optional()
}).superRefine((o, ctx) => {
  if (!o.orderId && !o.clientOrderId)
    ctx.addIssue({
      code: 'custom',
      path: ['clientOrderId'],
      message: 'name the order: orderId or clientOrderId is required'
    })
})

const spotItem = obj(orderFields)
const futuresItem = obj({ ...orderFields, ...futuresFields })
const batch = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, 'must hold at least 1 order').max(10, 'must hold at most 10 orders')

/** Margin has no batch endpoint. */
export const batchPlaceInput = z
  .discriminatedUnion(
    'module',
    [
      obj({ ...withProfile, module: z.literal('spot'), symbol: spotSymbol, orders: batch(spotItem) }),
      obj({ ...withProfile, module: z.literal('futures'), symbol: contractName, orders: batch(futuresItem) })
    ],
    {
      error: (iss) =>
        iss.code === 'invalid_union' ? "must be 'spot' or 'futures' (margin has no batch orders)" : undefined
    }
  )
  .superRefine((o, ctx) => o.orders.forEach((it, i) => checkPrice(it, ctx, ['orders', i])))

export const batchCancelInput = tradeRef({
  orderIds: z.array(idText).min(1, 'must hold at least 1 id').max(10, 'must hold at most 10 ids')
})

export const placeConditionalInput = obj({
  ...withProfile,
  symbol: contractName,
  /** trailing-stop: a stop-loss whose trigger follows the price by callbackRatio. */
  kind: z.enum(['stop-loss', 'take-profit', 'trailing-stop'], 'must be stop-loss, take-profit or trailing-stop'),
  triggerPrice: positiveDecimal,
  callbackRatio: positiveDecimal.optional(),
  ...orderFields,
  ...futuresFields
}).superRefine((o, ctx) => {
  checkPrice(o, ctx)
  if (o.kind === 'trailing-stop' && o.callbackRatio === undefined)
    ctx.addIssue({ code: 'custom', path: ['callbackRatio'], message: 'is required for a trailing stop' })
  if (o.kind !== 'trailing-stop' && o.callbackRatio !== undefined)
    ctx.addIssue({ code: 'custom', path: ['callbackRatio'], message: 'is only for a trailing stop' })
})

const tpslLeg = obj({
  triggerPrice: positiveDecimal,
  volume: positiveDecimal,
  /** Order sent when triggered; default MARKET. */
  type: orderType.optional(),
  price: positiveDecimal.optional(),
  expiresAt: millis.optional(),
  /** Trigger on the mark price (default) or the last trade price. */
  triggerBy: z.enum(['mark', 'last'], 'must be mark or last').optional()
})

export const placeTpSlInput = obj({
  ...withProfile,
  symbol: contractName,
  positionId: idText,
  /** Side of the closing orders: SELL closes a long. */
  side,
  positionType,
  stopLoss: tpslLeg.optional(),
  takeProfit: tpslLeg.optional()
}).superRefine((o, ctx) => {
  if (!o.stopLoss && !o.takeProfit)
    ctx.addIssue({ code: 'custom', path: ['stopLoss'], message: 'stopLoss or takeProfit is required' })
  for (const k of ['stopLoss', 'takeProfit'] as const) {
    const leg = o[k]
    if (leg) checkPrice({ type: leg.type ?? 'MARKET', price: leg.price }, ctx, [k])
  }
})

export const cancelTriggerInput = obj({ ...withProfile, symbol: contractName, orderId: idText })
export const setLeverageInput = obj({
  ...withProfile,
  symbol: contractName,
  leverage: z.int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
  positionType
})
export const setPositionModeInput = obj({
  ...withProfile,
  symbol: contractName,
  mode: z.enum(['one-way', 'hedge'], 'must be one-way or hedge')
})
export const setMarginModeInput = obj({
  ...withProfile,
  symbol: contractName,
  mode: z.enum(['cross', 'isolated'], 'must be cross or isolated')
})
export const orderEventsStream = profileOnly

/** The terminal's own spot/margin order history (futures has the venue's: account.orderHistory). */
export const orderHistoryInput = obj({
  ...withProfile,
  module: z.enum(['spot', 'margin'], "must be 'spot' or 'margin' (futures history is account.orderHistory)").optional(),
  symbol: spotSymbol.optional(),
  limit: pageLimit(500).optional(),
  /** The `nextCursor` of the previous page. */
  before: z
    .string('must be a string')
    .regex(/^\d{1,16}:\d{1,30}:(?:spot|margin)$/, 'must be the nextCursor of a previous page')
    .optional()
})
export const orderHistoryStream = profileOnly

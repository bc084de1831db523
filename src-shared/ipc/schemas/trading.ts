// Inputs of the trading channels. Shape rules are checked here (LIMIT needs a price, a trailing stop needs its
// callback ratio); the symbol's own rules (precision, minimums) are checked by the trading service, which knows them.
import { z } from 'zod'
import { rule } from './field-rule'
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
  TRADING_MODULE,
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
  open: z.enum(['OPEN', 'CLOSE'], rule('either', { a: 'OPEN', b: 'CLOSE' })),
  positionType,
  timeInForce: timeInForce.optional()
}

type PriceShape = { type: 'LIMIT' | 'MARKET'; price?: string | undefined; timeInForce?: string | undefined }

/** LIMIT needs a price; MARKET takes none (a stray price would be silently ignored by the venue). */
function checkPrice(o: PriceShape, ctx: z.RefinementCtx, path: (string | number)[] = []): void {
  if (o.type === 'LIMIT' && o.price === undefined)
    ctx.addIssue({ code: 'custom', path: [...path, 'price'], message: rule('priceForLimit') })
  if (o.type === 'MARKET' && o.price !== undefined)
    ctx.addIssue({ code: 'custom', path: [...path, 'price'], message: rule('noPriceForMarket') })
  if (o.type === 'MARKET' && o.timeInForce === 'POST_ONLY')
    ctx.addIssue({ code: 'custom', path: [...path, 'timeInForce'], message: rule('postOnlyLimit') })
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
    error: (iss) => (iss.code === 'invalid_union' ? TRADING_MODULE : undefined)
  })
  .superRefine((o, ctx) => checkPrice(o, ctx))

/** The venue's order test: spot only (the spec has no margin or futures test endpoint). */
export const testOrderInput = spotOrder.superRefine((o, ctx) => checkPrice(o, ctx))

export const cancelOrderInput = tradeRef({
  orderId: idText.optional(),
  clientOrderId: clientOrderId.optional()
}).superRefine((o, ctx) => {
  if (o.orderId === undefined && o.clientOrderId === undefined)
    ctx.addIssue({ code: 'custom', path: ['orderId'], message: rule('orderId') })
})

/**
 * Moves one open LIMIT order to `price`: a cancel, then a place of what is still open (the interface has no amend).
 * Futures name the margin mode the replacement is placed in.
 */
export const moveOrderInput = tradeRef({
  orderId: idText,
  price: positiveDecimal,
  positionType: positionType.optional()
}).superRefine((o, ctx) => {
  if (o.module === 'futures' && o.positionType === undefined)
    ctx.addIssue({ code: 'custom', path: ['positionType'], message: rule('positionType') })
})

export const cancelAllInput = tradeRef({})
/** An order action whose outcome the venue would not tell, which the user checked: no longer listed or re-checked. */
export const dismissUndeterminedInput = tradeRef({
  action: z.enum(['place', 'cancel'], rule('either', { a: 'place', b: 'cancel' })),
  orderId: idText.optional(),
  clientOrderId: clientOrderId.optional()
}).superRefine((o, ctx) => {
  if (!o.orderId && !o.clientOrderId)
    ctx.addIssue({
      code: 'custom',
      path: ['clientOrderId'],
      message: rule('nameTheOrder')
    })
})

const spotItem = obj(orderFields)
const futuresItem = obj({ ...orderFields, ...futuresFields })
const batch = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1, rule('ordersAtLeastOne'))
    .max(10, rule('ordersAtMost', { max: 10 }))

/** Margin has no batch endpoint. */
const NO_MARGIN_BATCH = rule('noMarginBatch')
export const batchPlaceInput = z
  .discriminatedUnion(
    'module',
    [
      obj({ ...withProfile, module: z.literal('spot'), symbol: spotSymbol, orders: batch(spotItem) }),
      obj({ ...withProfile, module: z.literal('futures'), symbol: contractName, orders: batch(futuresItem) })
    ],
    {
      error: (iss) => (iss.code === 'invalid_union' ? NO_MARGIN_BATCH : undefined)
    }
  )
  .superRefine((o, ctx) => o.orders.forEach((it, i) => checkPrice(it, ctx, ['orders', i])))

export const batchCancelInput = tradeRef({
  orderIds: z
    .array(idText)
    .min(1, rule('idsAtLeastOne'))
    .max(10, rule('idsAtMost', { max: 10 }))
})

export const placeConditionalInput = obj({
  ...withProfile,
  symbol: contractName,
  /** trailing-stop: a stop-loss whose trigger follows the price by callbackRatio. */
  kind: z.enum(
    ['stop-loss', 'take-profit', 'trailing-stop'],
    rule('oneOfThree', { a: 'stop-loss', b: 'take-profit', c: 'trailing-stop' })
  ),
  triggerPrice: positiveDecimal,
  callbackRatio: positiveDecimal.optional(),
  ...orderFields,
  ...futuresFields
}).superRefine((o, ctx) => {
  checkPrice(o, ctx)
  if (o.kind === 'trailing-stop' && o.callbackRatio === undefined)
    ctx.addIssue({ code: 'custom', path: ['callbackRatio'], message: rule('callbackForTrailing') })
  if (o.kind !== 'trailing-stop' && o.callbackRatio !== undefined)
    ctx.addIssue({ code: 'custom', path: ['callbackRatio'], message: rule('callbackOnlyTrailing') })
})

const tpslLeg = obj({
  triggerPrice: positiveDecimal,
  volume: positiveDecimal,
  /** Order sent when triggered; default MARKET. */
  type: orderType.optional(),
  price: positiveDecimal.optional(),
  expiresAt: millis.optional(),
  /** Trigger on the mark price (default) or the last trade price. */
  triggerBy: z.enum(['mark', 'last'], rule('either', { a: 'mark', b: 'last' })).optional()
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
  if (!o.stopLoss && !o.takeProfit) ctx.addIssue({ code: 'custom', path: ['stopLoss'], message: rule('stopOrTake') })
  for (const k of ['stopLoss', 'takeProfit'] as const) {
    const leg = o[k]
    if (leg) checkPrice({ type: leg.type ?? 'MARKET', price: leg.price }, ctx, [k])
  }
})

export const cancelTriggerInput = obj({ ...withProfile, symbol: contractName, orderId: idText })
export const setLeverageInput = obj({
  ...withProfile,
  symbol: contractName,
  leverage: z
    .int(rule('whole'))
    .min(1, rule('atLeast', { min: 1 }))
    .max(1000, rule('atMost', { max: 1000 })),
  positionType
})
export const setPositionModeInput = obj({
  ...withProfile,
  symbol: contractName,
  mode: z.enum(['one-way', 'hedge'], rule('either', { a: 'one-way', b: 'hedge' }))
})
export const setMarginModeInput = obj({
  ...withProfile,
  symbol: contractName,
  mode: z.enum(['cross', 'isolated'], rule('either', { a: 'cross', b: 'isolated' }))
})
export const orderEventsStream = profileOnly

/** The terminal's own spot/margin order history (futures has the venue's: account.orderHistory). */
export const orderHistoryInput = obj({
  ...withProfile,
  module: z.enum(['spot', 'margin'], rule('noFuturesHistory')).optional(),
  symbol: spotSymbol.optional(),
  limit: pageLimit(500).optional(),
  /** The `nextCursor` of the previous page. */
  before: z
    .string(rule('string'))
    .regex(/^\d{1,16}:\d{1,30}:(?:spot|margin)$/, rule('cursor'))
    .optional()
})
export const orderHistoryStream = profileOnly

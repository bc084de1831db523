// Futures conditional orders (/fapi/v1): TP/SL attached to a position, trigger-order list and cancel.
// The spec shows only the profitLossOrder body and no requiredness; the rest follows api-family-notes.md.
// Security: the spec names none for these; TRADE, as for every other order endpoint.
import { endpoint, opt, req } from './build'
import { contractName, contractNameFilter, positionType, side } from './params'

const REQ = "required: the project's choice, the spec stars none"

export const FUTURES_CONDITIONAL = [
  endpoint({
    id: 'futures.profitLossOrder.place',
    method: 'POST',
    path: '/fapi/v1/profitLossOrder',
    security: 'TRADE',
    params: [
      { ...contractName, description: `Futures contract name (${REQ}).` },
      req('positionId', 'id', `Position the orders attach to (spec: integer; sent as digits; ${REQ}).`),
      { ...side, description: `BUY or SELL, the side of the closing orders (${REQ}).` },
      { ...positionType, description: `1 cross, 2 isolated (${REQ}).` },
      req(
        'orderList',
        'array',
        `Stop-loss / take-profit orders, 1..2 (max 2, one of each kind: the project's choice; ${REQ}).`,
        {
          min: 1,
          max: 2,
          fields: [
            req('triggerType', 'integer', '3 stop-loss, 4 take-profit (some venues use 1 and 2).', {
              values: ['3', '4']
            }),
            req('triggerPrice', 'decimal', 'Trigger price.'),
            opt('price', 'decimal', 'Order price after the trigger; required when type is 1 (LIMIT).', {
              requiredWhen: { param: 'type', equals: '1' }
            }),
            req('volume', 'decimal', 'Quantity after the trigger.'),
            opt(
              'type',
              'integer',
              "Order type after the trigger: 1 LIMIT, 2 MARKET (order-history codes); default 2, the project's choice.",
              {
                values: ['1', '2'],
                default: 2
              }
            ),
            opt('expiredTime', 'long', "Expiry, ms; omitted means no expiry (the project's choice)."),
            opt(
              'tagPriceTrigger',
              'integer',
              "1 trigger on mark price, 0 on last trade price; default 1 (the project's choice).",
              {
                values: ['0', '1'],
                default: 1
              }
            )
          ]
        }
      )
    ],
    response: 'ProfitLossOrderResult',
    summary: 'Create stop-loss / take-profit orders attached to a position.'
  }),
  endpoint({
    id: 'futures.triggerOrder.list',
    method: 'POST',
    readOnly: true,
    path: '/fapi/v1/trigger_order_list',
    security: 'TRADE',
    params: [
      contractNameFilter,
      req('page', 'integer', 'Page, 1-based (api-family-notes).', { min: 1 }),
      req('limit', 'integer', 'Page size, 1..1000 (api-family-notes).', { min: 1, max: 1000 })
    ],
    response: 'TriggerOrderListResult',
    summary: 'List trigger orders.'
  }),
  endpoint({
    id: 'futures.triggerOrder.cancel',
    method: 'POST',
    path: '/fapi/v1/cancel_trigger_order',
    security: 'TRADE',
    params: [contractName, req('orderId', 'id', 'Trigger order id to cancel (api-family-notes).')],
    response: 'FuturesOrderId',
    summary: 'Cancel a trigger order.'
  })
] as const

// Order placement and cancellation that never duplicates or loses an order (see ./README.md).
export { OrderGateway, isUnknownOutcome, type OrderGatewayOptions } from './order-gateway'
export { MARKET_OPS, type MarketOps } from './venue-ops'
export type * from './types'

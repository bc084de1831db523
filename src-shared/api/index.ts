// The exchange interface as data: catalog, wire types, error codes, README endpoint table.
export * from './types'
export * from './catalog'
export * from './typed'
export * from './wire'
export * from './errors'
export * from './endpoint-table'
export { DEFAULT_PRIVATE_LIMIT, DEFAULT_PUBLIC_LIMIT, gatewayOfPath } from './endpoints/build'
export {
  FUTURES_CLIENT_ORDER_ID_LIMIT,
  FUTURES_KLINE_INTERVALS,
  MAX_BATCH,
  SPOT_KLINE_INTERVALS,
  TIME_IN_FORCE
} from './endpoints/params'

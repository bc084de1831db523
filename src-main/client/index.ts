// The exchange client core of the main process: catalog-driven requests, clock, rate governor, normalization.
export {
  ExchangeClient,
  methodName,
  type CallArgs,
  type ExchangeClientOptions,
  type EndpointMethods,
  type KlineInterval
} from './exchange-client'
export {
  RequestExecutor,
  type RequestExecutorOptions,
  type UnknownOutcomeHook,
  type UnknownOutcomeInfo
} from './request'
export { ExchangeError, ClientValidationError, isExchangeError, type ErrorKind } from './errors'
export { ServerClock, offsetFromSample, bestOffset, type ClockOptions, type TimeSample } from './clock'
export { RateGovernor, type BucketStats, type GovernorOptions } from './rate-governor'
export { fetchTransport, type Transport, type TransportInit, type TransportResponse } from './transport'
export type { RequestParams, ParamInput } from './validate'
export type * from './types'

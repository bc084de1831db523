// Market feeds of the main process: shared WebSockets per (profile, gateway), reference-counted streams,
// REST gap fill, and coalescing toward the UI.
export { MarketFeeds, type MarketFeedsOptions, type FeedEndpoint } from './market-feeds'
export {
  FeedConnection,
  defaultChannelDeadline,
  type FeedConnectionOptions,
  type ConnectionState,
  type ConnectionStatus
} from './feed-connection'
export { Coalescer, mergeUpdate, type CoalescedUpdate, type CoalescerOptions } from './coalescer'
export { channelOf, channelSymbol, parseChannel, wsInterval, type ParsedChannel } from './channels'
export { backoffDelay, backoffCeiling, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff'
export { decodeFrame, frameText, parseFrame } from './decode'
export { wsSocketFactory, type FeedSocket, type SocketFactory, type SocketHandlers } from './socket'
export { realTimers, type Timers, type TimerHandle } from './timers'
export type { RestMarketData, SnapshotLimits } from './snapshots'
export type * from './types'

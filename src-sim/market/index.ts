// Public entry of the market-data layer.
export * from './market-data-hub'
export { channelSymbol, parseChannel, channelName, type ParsedChannel, type ChannelType } from './channels'
export { INTERVALS, normalizeInterval, wireInterval, bucketStart, nextBucketStart, type Interval } from './intervals'
export type { CandleOut, KlineTick } from './candles'
export type { TickerOut, TickerTick } from './ticker'
export { utcDateTime, type PublicTrade, type WsTrade } from './tape'
export {
  toBook,
  toDepthTick,
  topLevels,
  type BookLevels,
  type BookOut,
  type DepthProvider,
  type DepthTick,
  type Level
} from './depth'
export type { EngineTrade, MarketSymbol, ModuleKind, Precision } from './types'

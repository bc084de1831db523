// Public entry of the market-data layer.
export * from './market-data-hub'
export { channelSymbol, parseChannel, channelName, type ParsedChannel, type ChannelType } from './channels'
export { INTERVALS, normalizeInterval, wireInterval, bucketStart, nextBucketStart, type Interval } from './intervals'
export type { TickerOut } from './ticker'
export { utcDateTime } from './tape'
export { toBook, toDepthTick, topLevels, type BookLevels, type DepthProvider, type Level } from './depth'
export type { EngineTrade, MarketSymbol, ModuleKind, Precision } from './types'

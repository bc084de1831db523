// Public surface of the embedded exchange's matching engine.
export { SpotEngine, rejection, type EngineOptions, type PlaceResult, type CancelResult } from './engine'
export { Order, toOrderInfo } from './order'
export { snapshotEngine, restoreEngine, type EngineSnapshot, type SnapshotOrder } from './snapshot'
export { auditEngine } from './audit'
export { IdGenerator, compareIds, pageFromId, ORDER_ID_BASE, TRADE_ID_BASE } from './ids'
export { parseScaled, parseScaledInt, formatScaled, formatScaledMin, toSafeNumber, type ScaledParse } from './scaled'
export { feeOf } from './settle'
export type * from './types'

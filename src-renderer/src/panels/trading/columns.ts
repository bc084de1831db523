// Columns of the exported tables: the same figures the panels show, as the exact decimal text the venue sent.
import { FUTURES_HISTORY_STATUS, FUTURES_HISTORY_TYPE, TRIGGER_ORDER_STATUS } from '@shared/api/wire'
import type { FuturesOrderHistoryView, OpenOrderView, TriggerOrderView, UserTradeView } from '@shared/ipc/views/account'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import { isoTime, type CsvColumn } from '../../lib/csv'

const code = (map: Record<number, string>, c: number): string => map[c] ?? `#${c}`
export const historyType = (c: number) => code(FUTURES_HISTORY_TYPE, c)
export const historyStatus = (c: number) => code(FUTURES_HISTORY_STATUS, c)
export const triggerStatus = (c: number) => code(TRIGGER_ORDER_STATUS, c)
/** 3/1 stop-loss, 4/2 take-profit (venues use either pair). */
export const triggerKind = (t: number) => (t === 3 || t === 1 ? 'Stop-loss' : t === 4 || t === 2 ? 'Take-profit' : `#${t}`)

export const openOrderColumns: CsvColumn<OpenOrderView>[] = [
  { header: 'time', value: (o) => isoTime(o.time) },
  { header: 'module', value: (o) => o.module },
  { header: 'symbol', value: (o) => o.symbol },
  { header: 'orderId', value: (o) => o.orderId },
  { header: 'clientOrderId', value: (o) => o.clientOrderId },
  { header: 'side', value: (o) => o.side },
  { header: 'open', value: (o) => o.open },
  { header: 'type', value: (o) => o.type },
  { header: 'price', value: (o) => o.price },
  { header: 'volume', value: (o) => o.volume },
  { header: 'executed', value: (o) => o.executed },
  { header: 'avgPrice', value: (o) => o.avgPrice },
  { header: 'status', value: (o) => o.status }
]

export const tradeColumns: CsvColumn<UserTradeView>[] = [
  { header: 'time', value: (t) => isoTime(t.time) },
  { header: 'module', value: (t) => t.module },
  { header: 'symbol', value: (t) => t.symbol },
  { header: 'tradeId', value: (t) => t.id },
  { header: 'side', value: (t) => t.side },
  { header: 'price', value: (t) => t.price },
  { header: 'qty', value: (t) => t.qty },
  { header: 'fee', value: (t) => t.fee },
  { header: 'feeCoin', value: (t) => t.feeCoin },
  { header: 'role', value: (t) => (t.isMaker ? 'maker' : 'taker') }
]

export const futuresHistoryColumns: CsvColumn<FuturesOrderHistoryView>[] = [
  { header: 'time', value: (o) => isoTime(o.ctimeMs) },
  { header: 'contract', value: (o) => o.contractName },
  { header: 'orderId', value: (o) => o.orderId },
  { header: 'side', value: (o) => o.side },
  { header: 'open', value: (o) => o.openOrClose },
  { header: 'type', value: (o) => historyType(o.type) },
  { header: 'price', value: (o) => o.price },
  { header: 'volume', value: (o) => o.volume },
  { header: 'dealVolume', value: (o) => o.dealVolume },
  { header: 'avgPrice', value: (o) => o.avgPrice },
  { header: 'status', value: (o) => historyStatus(o.status) }
]

export const orderHistoryColumns: CsvColumn<OrderHistoryEntryView>[] = [
  { header: 'time', value: (o) => isoTime(o.time) },
  { header: 'module', value: (o) => o.module },
  { header: 'symbol', value: (o) => o.symbol },
  { header: 'orderId', value: (o) => o.orderId },
  { header: 'clientOrderId', value: (o) => o.clientOrderId },
  { header: 'side', value: (o) => o.side },
  { header: 'type', value: (o) => o.type },
  { header: 'price', value: (o) => o.price },
  { header: 'volume', value: (o) => o.volume },
  { header: 'executed', value: (o) => o.executed },
  { header: 'avgPrice', value: (o) => o.avgPrice },
  { header: 'status', value: (o) => o.status }
]

export const triggerColumns: CsvColumn<TriggerOrderView>[] = [
  { header: 'time', value: (o) => isoTime(o.ctime) },
  { header: 'contract', value: (o) => o.contractName },
  { header: 'id', value: (o) => o.triggerOrderId },
  { header: 'kind', value: (o) => triggerKind(o.triggerType) },
  { header: 'side', value: (o) => o.side },
  { header: 'open', value: (o) => o.open },
  { header: 'triggerPrice', value: (o) => o.triggerPrice },
  { header: 'price', value: (o) => o.price },
  { header: 'volume', value: (o) => o.volume },
  { header: 'status', value: (o) => triggerStatus(o.status) }
]

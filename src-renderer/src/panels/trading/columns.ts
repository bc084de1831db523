// Columns of the exported tables: the same figures the panels show, as the exact decimal text the venue sent.
import { FUTURES_HISTORY_STATUS, FUTURES_HISTORY_TYPE, TRIGGER_ORDER_STATUS } from '@shared/api/wire'
import type { FuturesOrderHistoryView, OpenOrderView, TriggerOrderView, UserTradeView } from '@shared/ipc/views/account'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import { fields, isoTime, type CsvColumn } from '../../lib/csv'

const code = (map: Record<number, string>, c: number): string => map[c] ?? `#${c}`
export const historyType = (c: number) => code(FUTURES_HISTORY_TYPE, c)
export const historyStatus = (c: number) => code(FUTURES_HISTORY_STATUS, c)
export const triggerStatus = (c: number) => code(TRIGGER_ORDER_STATUS, c)
/** 3/1 stop-loss, 4/2 take-profit (venues use either pair). */
export const triggerKind = (t: number) =>
  t === 3 || t === 1 ? 'Stop-loss' : t === 4 || t === 2 ? 'Take-profit' : `#${t}`

export const openOrderColumns: CsvColumn<OpenOrderView>[] = [
  { header: 'time', value: (o) => isoTime(o.time) },
  ...fields<OpenOrderView>(
    'module',
    'symbol',
    'orderId',
    'clientOrderId',
    'side',
    'open',
    'type',
    'price',
    'volume',
    'executed',
    'avgPrice',
    'status'
  )
]

export const tradeColumns: CsvColumn<UserTradeView>[] = [
  { header: 'time', value: (t) => isoTime(t.time) },
  ...fields<UserTradeView>('module', 'symbol'),
  { header: 'tradeId', value: (t) => t.id },
  ...fields<UserTradeView>('side', 'price', 'qty', 'fee', 'feeCoin'),
  { header: 'role', value: (t) => (t.isMaker ? 'maker' : 'taker') }
]

export const futuresHistoryColumns: CsvColumn<FuturesOrderHistoryView>[] = [
  { header: 'time', value: (o) => isoTime(o.ctimeMs) },
  { header: 'contract', value: (o) => o.contractName },
  ...fields<FuturesOrderHistoryView>('orderId', 'side'),
  { header: 'open', value: (o) => o.openOrClose },
  { header: 'type', value: (o) => historyType(o.type) },
  ...fields<FuturesOrderHistoryView>('price', 'volume', 'dealVolume', 'avgPrice'),
  { header: 'status', value: (o) => historyStatus(o.status) }
]

export const orderHistoryColumns: CsvColumn<OrderHistoryEntryView>[] = [
  { header: 'time', value: (o) => isoTime(o.time) },
  ...fields<OrderHistoryEntryView>(
    'module',
    'symbol',
    'orderId',
    'clientOrderId',
    'side',
    'type',
    'price',
    'volume',
    'executed',
    'avgPrice',
    'status'
  )
]

export const triggerColumns: CsvColumn<TriggerOrderView>[] = [
  { header: 'time', value: (o) => isoTime(o.ctime) },
  { header: 'contract', value: (o) => o.contractName },
  { header: 'id', value: (o) => o.triggerOrderId },
  { header: 'kind', value: (o) => triggerKind(o.triggerType) },
  ...fields<TriggerOrderView>('side', 'open', 'triggerPrice', 'price', 'volume'),
  { header: 'status', value: (o) => triggerStatus(o.status) }
]

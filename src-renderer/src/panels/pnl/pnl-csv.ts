// CSV columns of the PnL panel's exports (lib/csv.ts: fixed English keys, exact decimal text as main sent it).
import type { EquitySampleView } from '@shared/ipc/views/pnl'
import type { ClosedTrade, DayPnl, MarketPnl } from '@shared/trading/pnl'
import { fields, isoTime, type CsvColumn } from '../../lib/csv'

export const dayColumns: CsvColumn<DayPnl>[] = fields<DayPnl>('day', 'asset', 'realized')

export const marketColumns: CsvColumn<MarketPnl>[] = [
  ...fields<MarketPnl>('module', 'symbol', 'asset', 'realized', 'closes', 'wins', 'losses', 'winRate'),
  ...fields<MarketPnl>('avgWin', 'avgLoss', 'unmatched'),
  { header: 'fees', value: (m) => m.fees.map((f) => `${f.amount} ${f.asset}`).join('; ') }
]

export const closeColumns: CsvColumn<ClosedTrade>[] = [
  { header: 'time', value: (c) => isoTime(c.time) },
  ...fields<ClosedTrade>('day', 'module', 'symbol', 'id', 'asset', 'pnl', 'complete')
]

export const equityColumns = (asset: string): CsvColumn<EquitySampleView>[] => [
  { header: 'time', value: (s) => isoTime(s.at) },
  { header: 'total', value: (s) => s.total },
  { header: 'asset', value: () => asset },
  { header: 'unpriced', value: (s) => s.unpriced.join(' ') }
]

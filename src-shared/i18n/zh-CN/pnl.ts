import type { Catalog } from '../catalog'
import type { pnl as en } from '../en/pnl'

export const pnl: Catalog<typeof en> = {
  title: '盈亏',
  refresh: '刷新',
  loading: '正在读取成交…',
  failed: '无法读取盈亏：{error}',
  empty: '此配置还没有已平仓的交易：卖出或平仓后才计算盈亏。',
  asset: '计价',
  readAt: '读取于 {time}',
  dayBoundary:
    '按 UTC 日计算（UTC 00:00 起）。现货与杠杆：按自己成交的先进先出成本；合约：交易所给出的每笔平仓成交的已实现盈亏。手续费计入其所属交易。',
  summary: {
    realized: '已实现盈亏',
    winRate: '胜率',
    wins: '盈利 / 亏损笔数',
    avgWin: '平均盈利',
    avgLoss: '平均亏损'
  },
  charts: {
    daily: '每日已实现盈亏（UTC）',
    equity: '权益（{asset}）',
    equityNote: '应用每 {minutes} 分钟采样一次，所有窗口关闭时也会采样；保存在本机。',
    equityEmpty: '还没有权益采样。',
    unpriced: '未计入总额（没有 {asset} 市场）：{assets}'
  },
  tables: {
    days: '按日',
    markets: '按市场',
    fees: '已付手续费',
    day: '日期（UTC）',
    market: '市场',
    closes: '平仓笔数',
    realized: '已实现',
    feesCol: '手续费',
    unmatched: '无已知买入的卖出',
    assetCol: '资产',
    amount: '数量'
  },
  notes: {
    unmatched: '{market} 有 {qty} 在读取的记录中找不到买入（更早买入，或杠杆做空）：其盈亏未计入。',
    feesNotInPnl: '以 {assets} 支付的手续费在此没有价格：列为已付，但未从盈亏中扣除。',
    truncated: '{markets} 的成交多于读取数量：最新的未计入。',
    failed: '未读取：{market}（{error}）。',
    breakeven: '盈亏恰为零的平仓和含未知部分的平仓既不算盈利也不算亏损。'
  },
  csv: {
    days: '按日 CSV',
    markets: '按市场 CSV',
    closes: '平仓 CSV',
    equity: '权益 CSV'
  }
}

import type { Catalog } from '../catalog'
import type { pnl as en } from '../en/pnl'

export const pnl: Catalog<typeof en> = {
  title: '損益',
  refresh: '重新整理',
  loading: '正在讀取成交…',
  failed: '無法讀取損益：{error}',
  empty: '此設定檔還沒有已平倉的交易：賣出或平倉後才計算損益。',
  asset: '計價',
  readAt: '讀取於 {time}',
  dayBoundary:
    '按 UTC 日計算（UTC 00:00 起）。現貨與槓桿：按自己成交的先進先出成本；合約：交易所給出的每筆平倉成交的已實現損益。手續費計入其所屬交易。',
  summary: {
    realized: '已實現損益',
    winRate: '勝率',
    wins: '獲利 / 虧損筆數',
    avgWin: '平均獲利',
    avgLoss: '平均虧損'
  },
  charts: {
    daily: '每日已實現損益（UTC）',
    equity: '權益（{asset}）',
    equityNote: '應用程式每 {minutes} 分鐘取樣一次，所有視窗關閉時也會取樣；儲存在本機。',
    equityEmpty: '還沒有權益取樣。',
    unpriced: '未計入總額（沒有 {asset} 市場）：{assets}'
  },
  tables: {
    days: '按日',
    markets: '按市場',
    fees: '已付手續費',
    day: '日期（UTC）',
    market: '市場',
    closes: '平倉筆數',
    realized: '已實現',
    feesCol: '手續費',
    unmatched: '無已知買入的賣出',
    assetCol: '資產',
    amount: '數量'
  },
  notes: {
    unmatched: '{market} 有 {qty} 在讀取的記錄中找不到買入（更早買入，或槓桿做空）：其損益未計入。',
    feesNotInPnl: '以 {assets} 支付的手續費在此沒有價格：列為已付，但未從損益中扣除。',
    truncated: '{markets} 的成交多於讀取數量：最新的未計入。',
    failed: '未讀取：{market}（{error}）。',
    breakeven: '損益恰為零的平倉和含未知部分的平倉既不算獲利也不算虧損。'
  },
  csv: {
    days: '按日 CSV',
    markets: '按市場 CSV',
    closes: '平倉 CSV',
    equity: '權益 CSV'
  }
}

import type { Catalog } from '../catalog'
import type { alerts as en } from '../en/alerts'

export const alerts: Catalog<typeof en> = {
  what: {
    level: '價格穿越提醒的價位',
    percent: '價格變動提醒的百分比',
    window: '價格變動提醒的時間窗口（分鐘）',
    low: '區間提醒的下限',
    high: '區間提醒的上限'
  },
  sources: { last: '最新', mark: '標記', index: '指數' },
  keptAsideTitle: '部分價格提醒無法讀取',
  keptAside: '提醒檔案無法完整讀取（{reason}）；能讀取的提醒均已保留。原檔案已另存於 {path}。',
  refuse: {
    positive: '@:{what}必須是大於 0 的數字',
    atMost: '@:{what}不能超過 {max}',
    window: '@:{what}必須是 {min} 到 {max} 之間的整數',
    lowBelowHigh: '區間提醒的下限（{low}）必須低於上限（{high}）',
    futuresOnly: '@:{source}價格提醒僅適用於合約；{symbol} 是@:{module}市場',
    notFound: '此設定檔沒有該提醒（可能已被刪除）',
    notSaved: '提醒未儲存：無法寫入提醒檔案（{error}）',
    notSavedUnknown: '提醒未儲存：無法寫入提醒檔案'
  }
}

import type { Catalog } from '../catalog'
import type { alerts as en } from '../en/alerts'

export const alerts: Catalog<typeof en> = {
  title: '提醒',
  list: '此設定檔的價格提醒',
  empty: '此設定檔還沒有價格提醒。',
  sound: '觸發時播放提示音',
  new: '新增提醒',
  editing: '編輯提醒',
  market: '市場',
  source: '價格',
  sourceNames: { last: '最新價', mark: '標記價格', index: '指數價格' },
  kind: '規則',
  kinds: { cross: '穿越價位', move: '時間窗口內漲跌百分比', channel: '進入或離開區間' },
  direction: '方向',
  directions: { up: '向上', down: '向下', either: '任意方向' },
  channelOn: '當價格',
  channelEvents: { enter: '進入', leave: '離開', either: '進入或離開' },
  level: '價位',
  percent: '變動（%）',
  windowMinutes: '時間窗口（分鐘）',
  low: '下限',
  high: '上限',
  repeat: '觸發',
  repeats: { once: '僅一次', every: '每次' },
  create: '建立提醒',
  save: '儲存',
  cancel: '取消',
  edit: '編輯',
  pause: '暫停',
  resume: '恢復',
  delete: '刪除',
  actionsOf: '{market} 的提醒：{rule}',
  states: {
    armed: '已啟用',
    paused: '已暫停',
    fired: '已於 {time} 在 {price} 觸發',
    'not-evaluating': '未在評估：沒有即時價格'
  },
  lastFired: '上次於 {time} 在 {price} 觸發（{n} 次）',
  describe: {
    cross: '@:{source}@:{direction}穿越 {level}',
    move: '@:{source}在 {minutes} 分鐘內@:{direction}變動 {percent}%',
    channel: '@:{source}@:{on} {low} – {high}'
  },
  fired: { title: '價格提醒：{market}', text: '{rule}：{price}' },
  now: '目前{source}：{price}',
  priceUnknown: '無法讀取目前價格：請輸入價位。',
  sideNow: {
    up: '{source}目前為 {now}，已高於 {level}：此提醒要等價格先跌破 {level}、再向上穿越時才會觸發。',
    down: '{source}目前為 {now}，已低於 {level}：此提醒要等價格先漲過 {level}、再向下穿越時才會觸發。'
  },
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
  far: {
    title: '價位離目前價格很遠',
    above: '{source}目前為 {now}；價位 {level} 是它的 {times} 倍，高出 {percent}%。是否多輸入了一個零？',
    below: '{source}目前為 {now}；價位 {level} 比它低 {percent}%，只有它的 1/{times}。是否少輸入了一個零？',
    create: '仍然建立',
    save: '仍然儲存',
    change: '修改價位'
  },
  refuse: {
    duplicate: '此市場已有相同的提醒（價格、規則、價位和重複方式都相同）：請編輯或恢復那一條',
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

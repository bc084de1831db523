import type { Catalog } from '../catalog'
import type { status as en } from '../en/status'

export const status: Catalog<typeof en> = {
  profile: '設定檔',
  feed: '{module} WS',
  feedTitle: '{module}行情推送：{state}，{channels} 個頻道，重新連線 {reconnects} 次',
  feedLastError: '最近錯誤：{error}',
  feedIdle: '（顯示該板塊的市場時開啟）',
  feedStates: {
    idle: '閒置',
    connecting: '連線中',
    open: '已連線',
    stale: '停滯',
    closed: '已關閉',
    reconnecting: '重新連線中'
  },
  rest: 'REST',
  restTitle: 'REST 往返時間（最近請求的平均值）',
  restDown: '中斷',
  restDownTitle: '發往交易所的 REST 請求失敗：{error}',
  ms: '{n} 毫秒',
  clock: '時鐘',
  clockTitle: '交易所時鐘減本機時鐘；在 {rtt} 毫秒的往返中測得',
  clockUnmeasured: '尚未測得交易所時鐘',
  rate: '頻率',
  rateTitle: '請求頻率額度',
  rateHighest: '各頻率額度中的最高使用率：{pct}%',
  rateQueued: '排隊：使用者 {user}，背景 {background} · 429 次數：{limited}',
  rateBucket: '{id}：{used}/{planned}，每 {seconds} 秒',
  polling: '輪詢',
  venueTime: '{time} UTC',
  venueTimeTitle: '交易所時間（UTC），由測得的時鐘偏差推算',
  announce: {
    down: '{state}：{detail}',
    back: '已重新連線：{detail}'
  },
  connection: {
    connecting: '連線中',
    connected: '已連線',
    degraded: '部分異常',
    unreachable: '交易所無法連線',
    stalled: '無回應',
    reconnecting: '重新連線中',
    offline: '離線',
    unauthorized: '未授權'
  },
  detail: {
    unauthorized:
      '此分頁沒有終端憑證（每個列印出的連結只能開啟一個分頁，且只能使用一次）。如需新連結，請再次執行 `npm run web`（或在其執行的終端機中按 Enter），然後開啟它列印的連結。',
    offline: '無法連線到終端；請重新載入頁面再試',
    reconnecting: '與終端的連線已中斷；正在重試',
    connecting: '正在等待終端',
    stalled: '已有 {seconds} 秒未收到終端狀態',
    feed: '{module}行情推送{state}',
    feedError: '{module}行情推送{state}：{error}',
    rest: 'REST：{error}',
    noAnswer: '交易所尚未回應',
    noAnswerFor: '交易所已 {seconds} 秒無回應',
    connected: '終端、行情推送和 REST 皆正常回應',
    noProfile: '已連線；沒有啟用的設定檔'
  }
}

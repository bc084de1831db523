import type { Catalog } from '../catalog'
import type { status as en } from '../en/status'

export const status: Catalog<typeof en> = {
  profile: '配置',
  feed: '{module} WS',
  feedTitle: '{module}行情推送：{state}，{channels} 个频道，重连 {reconnects} 次',
  feedLastError: '最近错误：{error}',
  feedIdle: '（显示该板块的市场时开启）',
  feedStates: {
    idle: '空闲',
    connecting: '连接中',
    open: '已连接',
    stale: '停滞',
    closed: '已关闭',
    reconnecting: '重连中'
  },
  rest: 'REST',
  restTitle: 'REST 往返时间（最近请求的平均值）',
  restDown: '中断',
  restDownTitle: '发往交易所的 REST 请求失败：{error}',
  ms: '{n} 毫秒',
  clock: '时钟',
  clockTitle: '交易所时钟减本地时钟；在 {rtt} 毫秒的往返中测得',
  clockUnmeasured: '尚未测得交易所时钟',
  rate: '频率',
  rateTitle: '请求频率额度',
  rateHighest: '各频率额度中的最高使用率：{pct}%',
  rateQueued: '排队：用户 {user}，后台 {background} · 429 次数：{limited}',
  rateBucket: '{id}：{used}/{planned}，每 {seconds} 秒',
  polling: '轮询',
  venueTime: '{time} UTC',
  venueTimeTitle: '交易所时间（UTC），由测得的时钟偏差推算',
  announce: {
    down: '{state}：{detail}',
    back: '已重新连接：{detail}'
  },
  connection: {
    connecting: '连接中',
    connected: '已连接',
    degraded: '部分异常',
    unreachable: '交易所无法连接',
    stalled: '无响应',
    reconnecting: '重连中',
    offline: '离线',
    unauthorized: '未授权'
  },
  detail: {
    unauthorized:
      '此标签页没有终端凭证（每个打印出的链接只能打开一个标签页，且只能使用一次）。如需新链接，请再次运行 `npm run web`（或在其运行的终端中按回车），然后打开它打印的链接。',
    offline: '无法连接终端；请重新加载页面重试',
    reconnecting: '与终端的连接已断开；正在重试',
    connecting: '正在等待终端',
    stalled: '已有 {seconds} 秒未收到终端状态',
    feed: '{module}行情推送{state}',
    feedError: '{module}行情推送{state}：{error}',
    rest: 'REST：{error}',
    noAnswer: '交易所尚未应答',
    noAnswerFor: '交易所已 {seconds} 秒无应答',
    connected: '终端、行情推送和 REST 均正常响应',
    noProfile: '已连接；没有启用的配置'
  }
}

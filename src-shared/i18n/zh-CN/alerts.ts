import type { Catalog } from '../catalog'
import type { alerts as en } from '../en/alerts'

export const alerts: Catalog<typeof en> = {
  what: {
    level: '价格穿越提醒的价位',
    percent: '价格变动提醒的百分比',
    window: '价格变动提醒的时间窗口（分钟）',
    low: '区间提醒的下限',
    high: '区间提醒的上限'
  },
  sources: { last: '最新', mark: '标记', index: '指数' },
  keptAsideTitle: '部分价格提醒无法读取',
  keptAside: '提醒文件无法完整读取（{reason}）；能读取的提醒均已保留。原文件已另存于 {path}。',
  refuse: {
    positive: '@:{what}必须是大于 0 的数字',
    atMost: '@:{what}不能超过 {max}',
    window: '@:{what}必须是 {min} 到 {max} 之间的整数',
    lowBelowHigh: '区间提醒的下限（{low}）必须低于上限（{high}）',
    futuresOnly: '@:{source}价格提醒仅适用于合约；{symbol} 是@:{module}市场',
    notFound: '此配置没有该提醒（可能已被删除）',
    notSaved: '提醒未保存：无法写入提醒文件（{error}）',
    notSavedUnknown: '提醒未保存：无法写入提醒文件'
  }
}

import type { Catalog } from '../catalog'
import type { alerts as en } from '../en/alerts'

export const alerts: Catalog<typeof en> = {
  title: '提醒',
  list: '此配置的价格提醒',
  empty: '此配置还没有价格提醒。',
  sound: '触发时播放提示音',
  new: '新建提醒',
  editing: '编辑提醒',
  market: '市场',
  source: '价格',
  sourceNames: { last: '最新价', mark: '标记价格', index: '指数价格' },
  kind: '规则',
  kinds: { cross: '穿越价位', move: '时间窗口内涨跌百分比', channel: '进入或离开区间' },
  direction: '方向',
  directions: { up: '向上', down: '向下', either: '任意方向' },
  channelOn: '当价格',
  channelEvents: { enter: '进入', leave: '离开', either: '进入或离开' },
  level: '价位',
  percent: '变动（%）',
  windowMinutes: '时间窗口（分钟）',
  low: '下限',
  high: '上限',
  repeat: '触发',
  repeats: { once: '仅一次', every: '每次' },
  create: '创建提醒',
  save: '保存',
  cancel: '取消',
  edit: '编辑',
  pause: '暂停',
  resume: '恢复',
  delete: '删除',
  actionsOf: '{market} 的提醒：{rule}',
  states: {
    armed: '已启用',
    paused: '已暂停',
    fired: '已于 {time} 在 {price} 触发',
    'not-evaluating': '未在评估：没有实时价格'
  },
  lastFired: '上次于 {time} 在 {price} 触发（{n} 次）',
  describe: {
    cross: '@:{source}@:{direction}穿越 {level}',
    move: '@:{source}在 {minutes} 分钟内@:{direction}变动 {percent}%',
    channel: '@:{source}@:{on} {low} – {high}'
  },
  fired: { title: '价格提醒：{market}', text: '{rule}：{price}' },
  now: '当前{source}：{price}',
  priceUnknown: '无法读取当前价格：请输入价位。',
  sideNow: {
    up: '{source}当前为 {now}，已高于 {level}：此提醒要等价格先跌破 {level}、再向上穿越时才会触发。',
    down: '{source}当前为 {now}，已低于 {level}：此提醒要等价格先涨过 {level}、再向下穿越时才会触发。'
  },
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
  far: {
    title: '价位离当前价格很远',
    above: '{source}当前为 {now}；价位 {level} 是它的 {times} 倍，高出 {percent}%。是否多输了一个零？',
    below: '{source}当前为 {now}；价位 {level} 比它低 {percent}%，只有它的 1/{times}。是否少输了一个零？',
    create: '仍然创建',
    save: '仍然保存',
    change: '修改价位'
  },
  refuse: {
    duplicate: '此市场已有相同的提醒（价格、规则、价位和重复方式都相同）：请编辑或恢复那一条',
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

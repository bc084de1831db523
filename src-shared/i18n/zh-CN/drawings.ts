// 蜡烛图画线工具（src-renderer/src/panels/market/ChartDrawings.vue，charts/drawings/）。
import type { Catalog } from '../catalog'
import type { drawings as en } from '../en/drawings'

export const drawings: Catalog<typeof en> = {
  open: '画线',
  openTitle: '画线工具：线、图形、斐波那契、测量和注释',
  editLabel: '选中的画线',
  toolbar: '画线工具',
  tools: {
    hline: '水平线',
    ray: '射线',
    trend: '趋势线',
    rect: '矩形',
    fib: '斐波那契回撤',
    channel: '平行通道',
    measure: '价格/时间测量',
    text: '文字注释'
  },
  short: {
    hline: '─',
    ray: '↗',
    trend: '╱',
    rect: '▭',
    fib: 'F',
    channel: '⫽',
    measure: '⇕',
    text: 'T',
    magnet: '⊙'
  },
  magnet: '磁吸',
  magnetTitle: '磁吸：每个点吸附到指针所在K线最近的开盘、最高、最低或收盘价',
  lock: '锁定',
  unlock: '解锁',
  lockTitle: '锁定的画线不能移动或修改',
  delete: '删除',
  deleteTitle: '删除选中的画线（Delete 键）',
  colour: '颜色',
  text: '注释文字',
  defaultText: '注释',
  placing: '{tool}：点击第 {n} 个点，共 {of} 个（Esc 取消）',
  cancelled: '已取消画线',
  added: '已画{tool}',
  deleted: '已删除{tool}',
  locked: '此画线已锁定：解锁后才能移动',
  notSaved: '画线未保存',
  tooMany: '每个市场最多保存 {max} 个画线：请先删除一个',
  listLabel: '图上的画线',
  item: '{tool}，位于 {points}',
  itemLocked: '{tool}，位于 {points}（已锁定）',
  select: '选择{item}',
  measure: '{change}（{pct}%），{bars} 根K线',
  shared: '画线属于市场而非账户：所有配置都能看到'
}

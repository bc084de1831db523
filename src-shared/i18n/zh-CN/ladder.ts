import type { Catalog } from '../catalog'
import type { ladder as en } from '../en/ladder'

export const ladder: Catalog<typeof en> = {
  title: '价格阶梯',
  views: '盘口或价格阶梯',
  order: '阶梯下单',
  group: '每行价格步长',
  groupOption: '每行 {step}（{n} 跳）',
  groupOptionOne: '每行 {step}（1 跳）',
  groupDefault: '按盘口自动选择：能显示买卖两侧最优价及其后两档的最细分组。选择一项即为此市场保留',
  groupPicked: '你为此市场选择的分组，窗口打开期间保留',
  beyond: '未知：行情每侧只推送前 {n} 档，此价位在其之外（订单簿可能还有挂单）',
  recentre: '居中',
  recentreTitle: '将阶梯居中到市场价格（按键 C）',
  auto: '自动居中',
  autoTitle: '保持阶梯以市场价格居中（指针在阶梯上时保持不动）',
  size: '数量（{unit}）',
  sizeTitle: '在此市场点击下单的数量（按市场保存，与一键交易共用）',
  sizeUnsaved: '数量框中不是已保存的数量（{size}）：请先改正或按回车保存。',
  sizeSaved: '{market} 的阶梯数量：{size} {unit}',
  sizeSavedNote: '已保存',
  noSize: '{market} 没有数量：请先在阶梯的数量框中输入。',
  cols: {
    buys: '我的',
    bid: '买盘',
    price: '价格',
    ask: '卖盘',
    sells: '我的'
  },
  colTitles: { buys: '我在各价位的买单', sells: '我在各价位的卖单' },
  own: {
    buy: '买',
    sell: '卖',
    cancelling: '撤销中',
    arriving: '移至此处…',
    arrivingTitle: '您的订单正移至此价位：在交易所撤销旧单并挂出新单之前显示于此',
    words: '{count} 个自己的{side}单，未成交 {remaining}',
    buySide: '买',
    sellSide: '卖'
  },
  lastWords: '最新成交 {price}',
  cell: {
    bid: '点击或回车：以 {price} 限价买入 {size} {unit}（未启用一键交易时先确认）',
    ask: '点击或回车：以 {price} 限价卖出 {size} {unit}（未启用一键交易时先确认）',
    own: '点击或回车：撤销 {price} 的 {n} 个订单；拖到其他价位以移动',
    noSize: '请先在上方输入数量再在此下单'
  },
  stale: '盘口{state}：恢复实时前拒绝点击下单。',
  sending: '此价位的订单正在发送：下一次点击须等待其回应',
  staleRefused: '盘口不是实时的（{state}）：未发送任何订单。',
  loading: '等待盘口…',
  empty: '此市场尚无价格。',
  notHere: '请在主窗口的价格阶梯中交易（此窗口仅显示盘口）。',
  notHerePanel: '请在本窗口主市场的价格阶梯中交易（此面板仅显示盘口）。',
  cancelled: '已撤销 {price} 的 {n} 个订单',
  cancelFailed: '从阶梯撤单失败',
  moveOne: '一次只能移动一个订单：{price} 有 {n} 个订单。请在订单中撤销或移动。',
  dragging: '移动到 {price}：松开以移动，Esc 停止',
  dragStopped: '已停止移动：未发送任何请求。',
  keys: '方向键：价位和列；回车：下单或撤单；C：居中；Page Up/Down：滚动'
}

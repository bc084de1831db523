import type { Catalog } from '../catalog'
import type { chartTrading as en } from '../en/chart-trading'

export const chartTrading: Catalog<typeof en> = {
  drag: {
    legMoved: '{kind}已移至 {price}',
    legRefused: '{kind}未移动',
    to: '移至 {price}',
    offAxis: '不在价格轴上：松开则订单保持原价',
    moving: '正在移至 {price}…',
    cancelled: '已取消拖动：订单保持原价',
    refused: '订单未移动'
  },
  menu: {
    label: '在 {price} 下单',
    refused: '无法从图表下单',
    otherMarket: '此图表不是下单面板的市场：请先在市场列表中选择它',
    actions: {
      'buy-limit': '在 {price} 限价买入',
      'sell-limit': '在 {price} 限价卖出',
      'buy-stop': '在 {price} 止损买入',
      'sell-stop': '在 {price} 止损卖出'
    },
    algoGroup: '在此价格建算法单…',
    algo: {
      'stop-limit': '{side}止损限价，触发价 {price}…',
      'trailing-stop': '{side}跟踪止损，回撤 {pct} %…',
      oco: '{side} OCO，止损 {price}…',
      bracket: '{side}括号单，入场 {price}…'
    },
    algoFilled: '已在下单面板的算法页填入{kind}：请检查后在那里确认'
  },
  move: {
    busy: '订单 {order} 正在移动中；请等待本次移动完成',
    unread: '无法读取订单 {order}（@:{reason}）；未发送任何请求',
    limitOnly: '只能移动限价单：订单 {order} 不是限价单；未发送任何请求',
    notOpen: '订单 {order} 不在挂单中（状态 {status}）；未发送任何请求',
    samePrice: '订单 {order} 已在 {price}；未发送任何请求',
    fillUnread: '无法读取订单 {order} 的成交数量（@:{reason}）',
    outcome: {
      moved: '订单已移至 {price}',
      'moved-smaller': '订单已移至 {price}，数量为剩余的 {volume}（撤单前已成交 {filled}）',
      filled: '订单 {order} 在移动前已成交（{filled}）：未下新单',
      'not-canceled': '订单 {order} 未移动：撤单未生效，订单保持原价',
      'cancel-unknown': '订单 {order} 未移动：无法确定撤单是否生效，因此未下新单；请到交易所核实该订单',
      'fill-unread': '订单 {order} 已撤销，但无法读取其成交数量：未下新单',
      'place-rejected': '订单 {order} 已撤销，但 {price} 的新订单被拒绝：当前没有挂单',
      'place-unknown': '订单 {order} 已撤销；{price} 的新订单仍在向交易所核实',
      'place-undetermined': '订单 {order} 已撤销；无法确定 {price} 的新订单是否已下：请到交易所核实'
    }
  }
}

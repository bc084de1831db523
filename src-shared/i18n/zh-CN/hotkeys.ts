import type { Catalog } from '../catalog'
import type { hotkeys as en } from '../en/hotkeys'

export const hotkeys: Catalog<typeof en> = {
  actions: {
    search: '搜索市场',
    module1: '现货标签',
    module2: '杠杆标签',
    module3: '合约标签',
    popOut: '将当前市场弹出为独立窗口',
    monitor: '打开监控窗口',
    theme: '切换深色与浅色主题',
    settings: '设置',
    buyBid: '以最优买价买入（限价）',
    sellAsk: '以最优卖价卖出（限价）',
    buyMarket: '市价买入',
    sellMarket: '市价卖出',
    cancelAll: '撤销本市场全部订单',
    closePosition: '市价平仓',
    reversePosition: '反手',
    flatten: '全部平仓（平掉所有持仓）'
  },
  contracts: '张',
  oneClick: '一键交易',
  refused: '{action}：未发送任何订单',
  notArmed: '交易热键未启用。请用顶栏的开关启用。',
  noSize: '{market} 没有预设数量。请在 设置 › 快捷键 中设置。',
  noBest: '{market} 还没有最优价格：订单簿尚未到达。',
  noPositionsSpot: '现货和杠杆持有的是余额而非持仓：{market} 没有可平的仓位。',
  noPosition: '{market} 没有持仓。',
  noPositions: '没有持仓。',
  twoSides: '{market} 同时持有多仓和空仓：请在持仓表中反手其中之一。',
  otherMarket: '此订单簿不是当前选中的市场：请先选中它的市场。',
  inFlight: '上一笔订单（{side}，{price}）仍在发送中：收到回应前不会再发送。',
  asked: '一笔订单（{side}，{price}）正在等待确认：请先回答。',
  buy: '买入',
  sell: '卖出',
  atMarket: '市价',
  cancelled: '已在 {market} 发送撤单请求：{n}',
  ask: {
    cancelAll: '撤销 {market} 的全部挂单？',
    closePosition: '以市价平掉 {market} 持仓（{volume} 张）？',
    reversePosition: '反手 {market} 持仓（{volume} 张）：先平仓，再开反向仓位？',
    flatten: '以市价平掉全部 {n} 个持仓？ | 以市价平掉全部 {n} 个持仓？',
    flattenAlgos: '这些合约上仍有 {n} 个算法在运行，可能再次开仓。 | 这些合约上仍有 {n} 个算法在运行，可能再次开仓。',
    flattenCloseAlgos:
      '这些合约上仍有 {n} 个仅平仓算法在运行：它不会开仓，平仓后也没有可平的仓位。 | 这些合约上仍有 {n} 个仅平仓算法在运行：它们不会开仓，平仓后也没有可平的仓位。'
  },
  askHint: '可在 设置 › 快捷键 中按操作关闭此确认。',
  yes: '确认',
  no: '取消',
  top: {
    armed: '已启用：热键可交易',
    disarmed: '交易热键已关闭',
    armTitle: '启用交易热键和订单簿一键交易',
    disarmTitle: '关闭：交易热键和订单簿点击不会下单'
  },
  book: {
    armedBid: '一键交易已启用：点击买盘价位以该价格下买入限价单，数量 {size} {unit}',
    armedAsk: '一键交易已启用：点击卖盘价位以该价格下卖出限价单，数量 {size} {unit}',
    noSize: '（未预设：请在设置中设置）',
    disarmed: '点击价位将其价格填入下单表单'
  },
  settings: {
    armHint: '交易热键和订单簿一键交易仅在顶栏启用后生效（每次启动时关闭）。订单经由下单表单：同样的规则、保护和确认。',
    groups: { frame: '框架', trading: '交易（仅在启用时）', fixed: '固定按键' },
    pressKeys: '请按下新的按键…（Esc：取消）',
    none: '无',
    change: '更改',
    clear: '清除',
    reset: '重置',
    resetAll: '全部恢复默认',
    askFirst: '先确认',
    conflict: '{keys} 已是“{other}”的按键。在您选择之前不做任何更改。',
    take: '分配给“{action}”（另一个操作将没有按键）',
    keep: '保持两者不变',
    sizes: '预设数量',
    sizesHint: '交易热键或订单簿点击在每个市场发送的数量：基础币数量，合约为张数。',
    sizeFor: '{market}（{unit}）',
    saveSize: '保存',
    removeSize: '移除',
    sizePositive: '数量必须大于 0。'
  }
}

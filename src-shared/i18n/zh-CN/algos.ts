import type { Catalog } from '../catalog'
import type { algos as en } from '../en/algos'

export const algos: Catalog<typeof en> = {
  next: {
    working: '执行中：正在发送或撤销其订单',
    none: '无：已结束',
    paused: '恢复之前不做任何事',
    ocoWatch: '{limit} 的限价单成交，或最新价到达 {trigger}',
    fill: '等待订单 {order} 成交',
    trailStart: '等待第一个最新价以开始跟踪',
    trigger: '最新价到达 {trigger} 时@:{side}',
    entry: '等待 {price} 的入场单成交（订单 {order}）',
    bracketWatch: '持有 {held}：{takeProfit} 的止盈单成交，或最新价到达止损触发价 {trigger}',
    iceberg: '等待 {price} 显示的 {shown} 成交（已成交 {filled} / {total}）',
    twapSlice: '等待第 {slice}/{slices} 片成交，直到 {until}（已成交 {filled} / {total}）',
    twapNext: '第 {slice}/{slices} 片于 {at} 下单（已成交 {filled} / {total}）',
    scaled: '等待 {open} 个挂单成交（已成交 {filled} / {total}）',
    chaseBook: '等待首次读取盘口最优@:{side}',
    chaseAt: '等待 {price} 的限价单成交或盘口变动（边界 {bound}；已成交 {filled} / {total}）',
    chaseMove: '于 {at} 移至 {price}（已成交 {filled} / {total}）'
  },
  reason: {
    cancelled: '已由您取消',
    killed: '已被紧急停止开关停止',
    filled: '已成交',
    notPlaced: '其{role}订单未下单：@:{cause}',
    endedOutside: '其订单在算法之外结束（{status}）',
    missed: '终端关闭期间最新价（{price}）已越过触发价（{trigger}）；恢复即立即发送，或取消',
    cancelUnknown: '无法确定订单 {order} 是否已撤销（@:{cause}）；请到交易所核实',
    placeUnknown: '无法确定订单 {order} 是否已下单（@:{cause}）；请到交易所核实',
    childGone: '交易所已不再显示订单 {order}；请到交易所核实',
    takeProfit: '其止盈单已成交',
    stopLoss: '其止损单已成交',
    twapEnded: '时长已结束，已成交 {filled} / {total}'
  },
  refuse: {
    unused: '@:{kind}不使用@:{field}',
    notRunning: '只有等待或执行中的算法可以暂停（此算法为 {state}）',
    notPaused: '只有已暂停的算法可以恢复（此算法为 {state}）',
    notFound: '此配置下没有该算法',
    closed: '终端正在关闭',
    needs: '@:{kind}需要@:{field}',
    marketBuy: '现货市价买单以计价资产计量，@:{kind}无法买入确切数量：请使用止损限价',
    ocoSell: '卖出 OCO 的限价（{limit}）必须高于触发价（{trigger}）',
    ocoBuy: '买入 OCO 的限价（{limit}）必须低于触发价（{trigger}）',
    trailRange: '跟踪幅度必须大于 0 且小于 100%',
    notSaved: '算法无法保存（{error}）；未发送任何订单',
    bracketBuy: '买入括号单的止盈价（{takeProfit}）必须高于入场价（{entry}），止损触发价（{trigger}）必须低于入场价',
    bracketSell: '卖出括号单的止盈价（{takeProfit}）必须低于入场价（{entry}），止损触发价（{trigger}）必须高于入场价',
    visibleAbove: '显示数量（{visible}）不能大于总量（{total}）',
    twapSlices: '{seconds} 秒内 {slices} 片：每片之间至少相隔一秒',
    scaledRange: '分批挂单的价格区间需要两个不同的价格（两者都是 {price}）',
    scaledWeights: '数量系数为 {factor} 时，{orders} 笔中有数量为 0 或更小',
    scaledNarrow: '价格区间太窄，无法以 {decimals} 位小数得到 {orders} 个不同价格',
    scaledSmall: '总量太小，无法以 {decimals} 位数量小数分成 {orders} 笔',
    scaledSpread: '数量系数 {factor} 分成 {orders} 笔时数量相差过大（最多 10^12 倍）',
    chaseBound: '追单需要限价、最大距离或两者：它可以追到多远',
    distanceRange: '最大距离必须大于 0 且小于 100%',
    editEnded: '只能修改运行中或已暂停的算法（此算法为 {state}）',
    notEditable: '@:{kind}运行时不能修改@:{field}（请撤销后重新创建）',
    editNothing: '没有可修改的内容：这些值与运行中的相同',
    editInFlight: '此算法的订单 {order} 结果尚未确认：先核对；请稍后再试',
    editFired: '其止损已触发（{price}）：现在不能修改'
  },
  keptAsideTitle: '部分算法无法读取',
  keptAside:
    '算法文件无法完整读取（{reason}）；能读取的算法继续运行。原文件已另存于 {path}：请到交易所核实其余算法的订单。'
}

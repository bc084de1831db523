import type { Catalog } from '../catalog'
import type { market as en } from '../en/market'

export const market: Catalog<typeof en> = {
  units: { contracts: '张' },
  marginMarket: '{name} 杠杆',
  contract: {
    perpetual: '{pair} 永续',
    simulated: '{pair} 模拟期货',
    futures: '{pair} 期货'
  },
  withUnit: '{label}({unit})',
  list: {
    search: '搜索市场',
    clearSearch: '清除搜索',
    all: '全部',
    favourites: '自选',
    pair: '交易对',
    last: '最新价',
    change: '24h涨跌',
    volume: '成交量',
    showVolume: '显示成交量',
    showChange: '显示24小时涨跌幅',
    aria: { spot: '现货市场', futures: '合约市场' },
    loading: '正在加载市场…',
    failed: '无法加载市场',
    retry: '重试',
    none: '没有市场',
    noneText: '该交易所在此板块没有上架市场。请选择其他板块或配置。',
    noMatch: '没有与“{query}”匹配的市场',
    noMatchText: '可按基础币种或计价币种搜索，例如 BTC 或 USDT。',
    noFavourites: '暂无自选',
    noFavouritesText: '点击市场旁的星标，即可将其加入自选。',
    showAll: '显示全部市场',
    addFavourite: '加入自选',
    removeFavourite: '取消自选',
    popOut: '在独立窗口中打开 {market}',
    loadingTickers: '正在加载行情',
    tickersFailed: '无法加载行情'
  },
  fresh: {
    stale: '已停滞',
    staleFor: '已停滞 {seconds} 秒',
    disconnected: '已断开',
    live: '实时',
    loading: '加载中',
    connecting: '连接中',
    linkDown: '与终端的连接已断开',
    noWord: '已有 {seconds} 秒未收到终端消息',
    feeds: { spot: '现货行情推送', futures: '合约行情推送' },
    feedSilent: '{feed}超时未推送数据（{error}）；正在重连',
    feedDown: '{feed}{state}',
    feedDownError: '{feed}{state}：{error}',
    parts: {
      balances: '余额',
      openOrders: '{symbol} 的当前委托',
      futuresOpenOrders: '合约当前委托',
      futuresAccount: '合约账户'
    },
    partsJoin: '、',
    polling: '轮询{parts}失败',
    exchangeDown: '{what}：交易所无响应（{error}）'
  },
  panel: {
    select: '请选择一个市场。',
    streamEnded: '数据流已结束'
  },
  stats: {
    perpetual: '永续',
    change: '24h涨跌',
    high: '24h最高',
    low: '24h最低',
    vol: '24h量({unit})',
    amount: '24h额({unit})',
    base: '基础币',
    quote: '计价币',
    mark: '标记价格',
    index: '指数价格',
    funding: '资金费率 / 倒计时',
    predicted: '预测费率'
  },
  book: {
    title: '订单簿',
    group: '合并深度',
    price: '价格',
    size: '数量',
    total: '累计',
    spread: '价差 {value}',
    loading: '正在加载订单簿…'
  },
  tape: {
    title: '最新成交',
    time: '时间',
    waiting: '等待成交…'
  },
  intervals: {
    '1min': '1分',
    '5min': '5分',
    '15min': '15分',
    '30min': '30分',
    '60min': '1小时',
    '1day': '日线',
    '1week': '周线',
    '1month': '月线'
  },
  candles: {
    latest: '最新 ⇥',
    latestTitle: '回到最新K线',
    open: '开',
    high: '高',
    low: '低',
    close: '收',
    vol: '量',
    ma: 'MA{period} {value}',
    loading: '正在加载K线…'
  },
  depth: {
    title: '深度图',
    loading: '正在加载深度…',
    bids: '买盘',
    asks: '卖盘'
  },
  monitor: {
    title: '行情监控',
    count: '{n} 个市场 | {n} 个市场',
    add: '添加市场…',
    allShown: '所有市场均已显示',
    perp: '永续',
    addButton: '添加',
    empty: '监控列表为空',
    emptyText: '在上方“添加市场…”中选择市场，即可在此查看其价格、盘口和走势。',
    moveLeft: '左移',
    moveRight: '右移',
    remove: '从监控中移除',
    high: '高',
    low: '低',
    vol: '量',
    noAsks: '盘口暂无卖单',
    noBids: '盘口暂无买单',
    waitingBook: '等待盘口数据…',
    sparkline: '价格：近 2 小时的 1 分钟收盘价'
  },
  popout: {
    ticker: '高 {high} · 低 {low} · 量 {vol}',
    showMain: '在主窗口显示',
    showMainTitle: '在主窗口中显示此市场',
    alone: '{market} 独立窗口',
    aloneText: '安装行情面板后，订单簿、K线图和最新成交将显示在这里；上方行情为实时数据。'
  },
  indicators: {
    button: '指标',
    buttonTitle: '本图表的指标：添加、设置、移除',
    title: '{market} 的指标',
    add: '添加',
    addLabel: '要添加的指标',
    remove: '移除',
    removeTitle: '移除 {name}',
    close: '关闭',
    none: '本图表尚无指标：在下方选择一个并点击添加。',
    full: '一个图表最多 {max} 个指标',
    overlays: '叠加在K线上',
    panes: '独立窗格',
    colour: '{line}颜色',
    param: '{name} {param}',
    saved: '已为此市场保存',
    kinds: {
      sma: { short: 'SMA', name: '简单移动平均线' },
      ema: { short: 'EMA', name: '指数移动平均线' },
      wma: { short: 'WMA', name: '加权移动平均线' },
      bb: { short: 'BOLL', name: '布林带' },
      vwap: { short: 'VWAP', name: '成交量加权平均价' },
      psar: { short: 'SAR', name: '抛物线转向' },
      kc: { short: 'KC', name: '肯特纳通道' },
      dc: { short: 'DC', name: '唐奇安通道' },
      supertrend: { short: 'ST', name: '超级趋势' },
      rsi: { short: 'RSI', name: '相对强弱指数' },
      macd: { short: 'MACD', name: '指数平滑异同移动平均线' },
      kdj: { short: 'KDJ', name: '随机指标 (KDJ)' },
      atr: { short: 'ATR', name: '平均真实波幅' },
      obv: { short: 'OBV', name: '能量潮' },
      cci: { short: 'CCI', name: '顺势指标' },
      mfi: { short: 'MFI', name: '资金流量指数' },
      adx: { short: 'ADX', name: '平均趋向指数' }
    },
    params: {
      period: '周期',
      multiplier: '倍数',
      fast: '快线',
      slow: '慢线',
      signal: '信号',
      step: '步长',
      max: '最大值',
      atrPeriod: 'ATR 周期',
      smoothing: '平滑',
      dPeriod: 'D 周期'
    },
    lines: {
      value: '线',
      upper: '上轨',
      middle: '中轨',
      lower: '下轨',
      macd: 'MACD 线',
      signal: '信号线',
      histogram: '柱状图',
      k: 'K 线',
      d: 'D 线',
      j: 'J 线'
    }
  },
  history: {
    loading: '正在加载更早的K线…',
    end: '交易所没有更早的K线'
  },
  chartType: {
    label: '图表类型',
    candles: 'K线',
    hollow: '空心K线',
    heikinAshi: '平均K线 (Heikin-Ashi)',
    line: '折线',
    area: '面积',
    log: '对数',
    logTitle: '价格轴使用对数刻度'
  }
}

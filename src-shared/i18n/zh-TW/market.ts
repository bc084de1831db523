import type { Catalog } from '../catalog'
import type { market as en } from '../en/market'

export const market: Catalog<typeof en> = {
  units: { contracts: '張' },
  marginMarket: '{name} 槓桿',
  contract: {
    perpetual: '{pair} 永續',
    simulated: '{pair} 模擬期貨',
    futures: '{pair} 期貨'
  },
  withUnit: '{label}({unit})',
  list: {
    search: '搜尋市場',
    clearSearch: '清除搜尋',
    all: '全部',
    favourites: '自選',
    pair: '交易對',
    last: '最新價',
    change: '24h漲跌',
    volume: '成交量',
    showVolume: '顯示成交量',
    showChange: '顯示24小時漲跌幅',
    aria: { spot: '現貨市場', futures: '合約市場' },
    loading: '正在載入市場…',
    failed: '無法載入市場',
    retry: '重試',
    none: '沒有市場',
    noneText: '此交易所在此板塊沒有上架市場。請選擇其他板塊或設定檔。',
    noMatch: '沒有與「{query}」相符的市場',
    noMatchText: '可依基礎幣種或計價幣種搜尋，例如 BTC 或 USDT。',
    noFavourites: '暫無自選',
    noFavouritesText: '點擊市場旁的星號，即可將其加入自選。',
    showAll: '顯示全部市場',
    addFavourite: '加入自選',
    removeFavourite: '取消自選',
    popOut: '在獨立視窗中開啟 {market}',
    loadingTickers: '正在載入行情',
    tickersFailed: '無法載入行情'
  },
  fresh: {
    stale: '已停滯',
    staleFor: '已停滯 {seconds} 秒',
    disconnected: '已中斷',
    live: '即時',
    loading: '載入中',
    connecting: '連線中',
    linkDown: '與終端的連線已中斷',
    noWord: '已有 {seconds} 秒未收到終端訊息',
    feeds: { spot: '現貨行情推送', futures: '合約行情推送' },
    feedSilent: '{feed}逾時未推送資料（{error}）；正在重新連線',
    feedDown: '{feed}{state}',
    feedDownError: '{feed}{state}：{error}',
    parts: {
      balances: '餘額',
      openOrders: '{symbol} 的當前委託',
      futuresOpenOrders: '合約當前委託',
      futuresAccount: '合約帳戶'
    },
    partsJoin: '、',
    polling: '輪詢{parts}失敗',
    exchangeDown: '{what}：交易所無回應（{error}）'
  },
  panel: {
    select: '請選擇一個市場。',
    streamEnded: '資料流已結束'
  },
  stats: {
    perpetual: '永續',
    change: '24h漲跌',
    high: '24h最高',
    low: '24h最低',
    vol: '24h量({unit})',
    amount: '24h額({unit})',
    base: '基礎幣',
    quote: '計價幣',
    mark: '標記價格',
    index: '指數價格',
    funding: '資金費率 / 倒數計時',
    predicted: '預測費率'
  },
  book: {
    title: '訂單簿',
    group: '合併深度',
    price: '價格',
    size: '數量',
    total: '累計',
    spread: '價差 {value}',
    loading: '正在載入訂單簿…'
  },
  tape: {
    title: '最新成交',
    time: '時間',
    waiting: '等待成交…'
  },
  intervals: {
    '1min': '1分',
    '5min': '5分',
    '15min': '15分',
    '30min': '30分',
    '60min': '1小時',
    '1day': '日線',
    '1week': '週線',
    '1month': '月線'
  },
  candles: {
    latest: '最新 ⇥',
    latestTitle: '回到最新K線',
    open: '開',
    high: '高',
    low: '低',
    close: '收',
    vol: '量',
    ma: 'MA{period} {value}',
    loading: '正在載入K線…'
  },
  depth: {
    title: '深度圖',
    loading: '正在載入深度…',
    bids: '買盤',
    asks: '賣盤'
  },
  monitor: {
    title: '行情監控',
    count: '{n} 個市場 | {n} 個市場',
    add: '新增市場…',
    allShown: '所有市場皆已顯示',
    perp: '永續',
    addButton: '新增',
    empty: '監控列表為空',
    emptyText: '在上方「新增市場…」中選擇市場，即可在此查看其價格、盤口和走勢。',
    moveLeft: '左移',
    moveRight: '右移',
    remove: '從監控中移除',
    high: '高',
    low: '低',
    vol: '量',
    noAsks: '盤口暫無賣單',
    noBids: '盤口暫無買單',
    waitingBook: '等待盤口資料…',
    sparkline: '價格：近 2 小時的 1 分鐘收盤價'
  },
  popout: {
    ticker: '高 {high} · 低 {low} · 量 {vol}',
    showMain: '在主視窗顯示',
    showMainTitle: '在主視窗中顯示此市場',
    alone: '{market} 獨立視窗',
    aloneText: '安裝行情面板後，訂單簿、K線圖和最新成交將顯示在這裡；上方行情為即時資料。'
  },
  indicators: {
    button: '指標',
    buttonTitle: '本圖表的指標：新增、設定、移除',
    title: '{market} 的指標',
    add: '新增',
    addLabel: '要新增的指標',
    remove: '移除',
    removeTitle: '移除 {name}',
    close: '關閉',
    none: '本圖表尚無指標：在下方選擇一個並點擊新增。',
    full: '一個圖表最多 {max} 個指標',
    overlays: '疊加在K線上',
    panes: '獨立窗格',
    colour: '{line}顏色',
    param: '{name} {param}',
    saved: '已為此市場儲存',
    kinds: {
      sma: { short: 'SMA', name: '簡單移動平均線' },
      ema: { short: 'EMA', name: '指數移動平均線' },
      wma: { short: 'WMA', name: '加權移動平均線' },
      bb: { short: 'BOLL', name: '布林通道' },
      vwap: { short: 'VWAP', name: '成交量加權平均價' },
      psar: { short: 'SAR', name: '拋物線轉向' },
      kc: { short: 'KC', name: '肯特納通道' },
      dc: { short: 'DC', name: '唐奇安通道' },
      supertrend: { short: 'ST', name: '超級趨勢' },
      rsi: { short: 'RSI', name: '相對強弱指數' },
      macd: { short: 'MACD', name: '指數平滑異同移動平均線' },
      kdj: { short: 'KDJ', name: '隨機指標 (KDJ)' },
      atr: { short: 'ATR', name: '平均真實波幅' },
      obv: { short: 'OBV', name: '能量潮' },
      cci: { short: 'CCI', name: '順勢指標' },
      mfi: { short: 'MFI', name: '資金流量指數' },
      adx: { short: 'ADX', name: '平均趨向指數' }
    },
    params: {
      period: '週期',
      multiplier: '倍數',
      fast: '快線',
      slow: '慢線',
      signal: '訊號',
      step: '步長',
      max: '最大值',
      atrPeriod: 'ATR 週期',
      smoothing: '平滑',
      dPeriod: 'D 週期'
    },
    lines: {
      value: '線',
      upper: '上軌',
      middle: '中軌',
      lower: '下軌',
      macd: 'MACD 線',
      signal: '訊號線',
      histogram: '柱狀圖',
      k: 'K 線',
      d: 'D 線',
      j: 'J 線'
    }
  },
  history: {
    loading: '正在載入更早的K線…',
    end: '交易所沒有更早的K線'
  },
  chartType: {
    label: '圖表類型',
    candles: 'K線',
    hollow: '空心K線',
    heikinAshi: '平均K線 (Heikin-Ashi)',
    line: '折線',
    area: '面積',
    log: '對數',
    logTitle: '價格軸使用對數刻度'
  }
}

// Market data: the market list, the market panel (book, trades, chart, stats), the monitor.
export const market = {
  // The unit of a futures size: contracts.
  units: { contracts: 'Cont' },
  // A spot market traded on margin, named in a table or a message (`ETH/USDT margin`).
  marginMarket: '{name} margin',
  contract: {
    perpetual: '{pair} perpetual',
    simulated: '{pair} simulated futures',
    futures: '{pair} futures'
  },
  withUnit: '{label} ({unit})',
  list: {
    search: 'Search markets',
    clearSearch: 'Clear search',
    all: 'All',
    favourites: 'Favourites',
    pair: 'Pair',
    last: 'Last',
    change: '24h %',
    volume: 'Vol',
    showVolume: 'Show volume',
    showChange: 'Show 24h change',
    aria: { spot: 'Spot markets', futures: 'Futures markets' },
    loading: 'Loading markets…',
    failed: 'Markets could not be loaded',
    retry: 'Try again',
    none: 'No markets',
    noneText: 'This venue lists no markets for this module. Pick another module or profile.',
    noMatch: 'No market matches “{query}”',
    noMatchText: 'Search by base or quote asset, e.g. BTC or USDT.',
    noFavourites: 'No favourites yet',
    noFavouritesText: 'Click the star next to a market to pin it here.',
    showAll: 'Show all markets',
    addFavourite: 'Add to favourites',
    removeFavourite: 'Remove from favourites',
    popOut: 'Open {market} in its own window',
    loadingTickers: 'Loading tickers',
    tickersFailed: 'Could not load tickers'
  },
  // How old the prices on screen are (stores/freshness.ts): a short label and the longer story (a tooltip, and
  // fragments of the order form's sentences: "market data is {label} ({detail})").
  fresh: {
    stale: 'stale',
    staleFor: 'stale {seconds} s',
    disconnected: 'disconnected',
    live: 'live',
    loading: 'loading',
    connecting: 'connecting',
    linkDown: 'the connection to the terminal is down',
    noWord: 'no word from the terminal for {seconds} s',
    feeds: { spot: 'the spot market feed', futures: 'the futures market feed' },
    feedSilent: '{feed} went silent past its deadline ({error}); reconnecting',
    feedDown: '{feed} is {state}',
    feedDownError: '{feed} is {state}: {error}',
    // What the account poll reads, named in `polling` (`parts`: a list of these).
    parts: {
      balances: 'balances',
      openOrders: 'open orders of {symbol}',
      futuresOpenOrders: 'futures open orders',
      futuresAccount: 'the futures account'
    },
    partsJoin: ', ',
    polling: 'polling {parts} fails',
    exchangeDown: '{what}: the exchange does not answer ({error})'
  },
  panel: {
    select: 'Select a market.',
    streamEnded: 'stream ended'
  },
  stats: {
    perpetual: 'Perpetual',
    change: '24h change',
    high: '24h high',
    low: '24h low',
    vol: '24h vol ({unit})',
    amount: '24h vol ({unit})',
    base: 'base',
    quote: 'quote',
    mark: 'Mark',
    index: 'Index',
    funding: 'Funding / countdown',
    more: "{n} more figure(s) past the panel's width: show them",
    fewer: 'Show the first row of figures only',
    moreShort: '+{n}',
    fewerShort: '−',
    predicted: 'Predicted'
  },
  book: {
    title: 'Order book',
    group: 'Group prices',
    price: 'Price',
    size: 'Size',
    total: 'Total',
    spread: 'Spread {value}',
    loading: 'Loading book…'
  },
  tape: {
    title: 'Trades',
    time: 'Time',
    waiting: 'Waiting for trades…'
  },
  // Candle intervals, by the interval's id.
  intervals: {
    '1min': '1m',
    '5min': '5m',
    '15min': '15m',
    '30min': '30m',
    '60min': '1H',
    '1day': '1D',
    '1week': '1W',
    '1month': '1M'
  },
  candles: {
    latest: 'Latest ⇥',
    latestTitle: 'Back to the latest bar',
    open: 'O',
    high: 'H',
    low: 'L',
    close: 'C',
    vol: 'V',
    ma: 'MA{period} {value}',
    loading: 'Loading candles…',
    none: 'No trades at this interval yet: the first trade starts the chart'
  },
  depth: {
    title: 'Depth',
    loading: 'Loading depth…',
    bids: 'Bids',
    asks: 'Asks'
  },
  monitor: {
    title: 'Monitor',
    count: '{n} market | {n} markets',
    add: 'Add a market…',
    allShown: 'Every market is shown',
    perp: 'Perp',
    addButton: 'Add',
    empty: 'The monitor is empty',
    emptyText: 'Pick a market in “Add a market…” above to watch its price, book and trend here.',
    moveLeft: 'Move left',
    moveRight: 'Move right',
    remove: 'Remove from the monitor',
    high: 'H',
    low: 'L',
    vol: 'Vol',
    noAsks: 'No asks in the book',
    noBids: 'No bids in the book',
    waitingBook: 'Waiting for the book…',
    sparkline: 'Price, 1-minute closes over the last 2 hours'
  },
  popout: {
    ticker: 'H {high} · L {low} · Vol {vol}',
    showMain: 'Show in main window',
    showMainTitle: 'Show this market in the main window',
    alone: '{market} in its own window',
    aloneText:
      'The order book, chart and trades show here once the market panels are installed; the ticker above is live.'
  },
  indicators: {
    button: 'Indicators',
    buttonTitle: 'Indicators of this chart: add, set, remove',
    title: 'Indicators of {market}',
    add: 'Add',
    addLabel: 'Indicator to add',
    remove: 'Remove',
    removeTitle: 'Remove {name}',
    close: 'Close',
    none: 'No indicator on this chart yet: pick one below and press Add.',
    full: 'At most {max} indicators on one chart',
    overlays: 'On the candles',
    panes: 'In a pane of its own',
    colour: 'Colour of the {line}',
    param: '{param} of {name}',
    paramRange: '{what} must be from {min} to {max}; not saved',
    paramWhole: '{what} must be a whole number; not saved',
    saved: 'Saved for this market',
    kinds: {
      sma: { short: 'SMA', name: 'Simple moving average' },
      ema: { short: 'EMA', name: 'Exponential moving average' },
      wma: { short: 'WMA', name: 'Weighted moving average' },
      bb: { short: 'BOLL', name: 'Bollinger Bands' },
      vwap: { short: 'VWAP', name: 'Volume-weighted average price' },
      psar: { short: 'SAR', name: 'Parabolic SAR' },
      kc: { short: 'KC', name: 'Keltner Channels' },
      dc: { short: 'DC', name: 'Donchian Channels' },
      supertrend: { short: 'ST', name: 'Supertrend' },
      rsi: { short: 'RSI', name: 'Relative strength index' },
      macd: { short: 'MACD', name: 'Moving average convergence divergence' },
      kdj: { short: 'KDJ', name: 'Stochastic (KDJ)' },
      atr: { short: 'ATR', name: 'Average true range' },
      obv: { short: 'OBV', name: 'On-balance volume' },
      cci: { short: 'CCI', name: 'Commodity channel index' },
      mfi: { short: 'MFI', name: 'Money flow index' },
      adx: { short: 'ADX', name: 'Average directional index' }
    },
    params: {
      period: 'Period',
      multiplier: 'Multiplier',
      fast: 'Fast',
      slow: 'Slow',
      signal: 'Signal',
      step: 'Step',
      max: 'Maximum',
      atrPeriod: 'ATR period',
      smoothing: 'Smoothing',
      dPeriod: 'D period'
    },
    lines: {
      value: 'line',
      upper: 'upper band',
      middle: 'middle band',
      lower: 'lower band',
      macd: 'MACD line',
      signal: 'signal line',
      histogram: 'histogram',
      k: 'K line',
      d: 'D line',
      j: 'J line'
    }
  },
  history: {
    loading: 'Loading older bars…',
    end: 'The venue has no older bars'
  },
  chartType: {
    label: 'Chart type',
    candles: 'Candles',
    hollow: 'Hollow candles',
    heikinAshi: 'Heikin-Ashi',
    line: 'Line',
    area: 'Area',
    log: 'Log',
    logTitle: 'Price axis on a logarithmic scale'
  },
  own: {
    toggle: 'Mine',
    toggleTitle: "Show my orders, triggers, position, fills and price alerts on this market's chart",
    listLabel: 'My orders, position and alerts on the chart',
    side: { BUY: 'Buy', SELL: 'Sell' },
    order: "{side} {qty} {'@'} {price}",
    trigger: "{kind} {side} {qty} {'@'} {price}",
    kinds: { 'stop-loss': 'Stop-loss', 'take-profit': 'Take-profit', trigger: 'Trigger' },
    entry: "Entry {side} {qty} {'@'} {price}",
    liquidation: "Liquidation {'@'} {price}",
    alert: { level: "Alert {'@'} {price}", low: "Alert low {'@'} {price}", high: "Alert high {'@'} {price}" },
    paused: '{line} (paused)',
    fill: { BUY: 'B', SELL: 'S' },
    /** A live algorithm's level (charts/algo-lines.ts), drawn dashed in the algorithm colour. */
    algo: {
      'oco-stop': 'OCO stop {price} · {side} {qty}',
      'oco-limit': 'OCO limit {price} · {side} {qty}',
      'stop-market': 'Stop market {price} · {side} {qty}',
      'stop-limit': 'Stop limit {price} → {limit} · {side} {qty}',
      trailing: 'Trailing stop {price} ({pct} %) · {side} {qty}',
      'bracket-entry': 'Bracket entry {price} · {side} {qty}',
      'bracket-tp': 'Bracket TP {price} · {qty}',
      'bracket-sl': 'Bracket SL {price} · {qty}',
      iceberg: 'Iceberg limit {price} · {side} {qty} left',
      twap: 'TWAP limit {price} · {side} {qty} left',
      chase: 'Chase bound {price} · {side} {qty}',
      scaled: 'Scaled {n}/{of} {price} · {side} {qty}'
    }
  }
}

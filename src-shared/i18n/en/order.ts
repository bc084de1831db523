// Order entry: the order form, its refusals and fixes, the confirmation, batches, leverage and TP/SL entry.
// A refusal of the trading rules (src-shared/trading) crosses to main and back as words: its parts that differ by
// case are other messages linked in (`@:{what}`: the field named, `@:{unit}`, `@:{scope}`, `@:{options}`).
export const order = {
  /** A field as a refusal names it (`@:{what}`). */
  what: {
    price: 'price',
    size: 'size',
    spend: 'the amount to spend',
    orderValue: 'the order value',
    marketOpenValue: 'the order value of a market open',
    triggerPrice: 'the trigger price',
    callbackRatio: 'the callback ratio',
    priceGuard: 'the price guard',
    maxSlippage: 'the maximum slippage',
    leverage: 'the leverage'
  },
  /** The unit after a number (`@:{unit}`): a coin as it is, or contracts. `cont`: a field's short unit. */
  unit: { coin: '{coin}', contracts: 'contracts', cont: 'Cont' },
  /** Which orders a bound is for (`@:{scope}`). */
  scope: {
    limit: 'for limit orders',
    marketBuy: 'for market buys',
    marketSell: 'for market sells',
    market: 'for market orders'
  },
  /** The allowed values a refusal offers (`@:{options}`). */
  options: { one: '{fix1}', two: '{fix1} or {fix2}' },
  /** The trading rules' refusals (src-shared/trading), said by the form and by main alike. */
  rule: {
    required: '@:{what} is required',
    positive: '@:{what} must be a number greater than 0',
    wholeNumbers: '@:{what} takes whole numbers on {market}: @:{options}',
    ticks: '@:{what} ticks are {step} @:{unit} on {market}: @:{options}',
    steps: '@:{what} steps are {step} @:{unit} on {market}: @:{options}',
    belowMin: '@:{what} {value} @:{unit} is below the minimum {bound} @:{unit} on {market}',
    belowMinFor: '@:{what} {value} @:{unit} is below the minimum {bound} @:{unit} @:{scope} on {market}',
    aboveMax: '@:{what} {value} @:{unit} is above the maximum {bound} @:{unit} on {market}',
    aboveMaxFor: '@:{what} {value} @:{unit} is above the maximum {bound} @:{unit} @:{scope} on {market}',
    balance: 'the order needs {need} {coin}; {free} {coin} is available',
    marketNoPrice: 'a market order takes no price',
    notTradable: '{market} is not tradable now (status {status})',
    maxOpenOrders: '{market} allows at most {max} open orders; {open} are open',
    postOnlyLimit: 'post-only needs a limit order',
    batchSize: 'a batch holds at most {max} orders',
    triggerBelow: 'a @:{side} @:{kind} triggers below the mark price {mark}; {trigger} is not below it',
    triggerAbove: 'a @:{side} @:{kind} triggers above the mark price {mark}; {trigger} is not above it',
    callbackRatio: 'the callback ratio is a share of the price, below 1 (0.01 = 1%); {ratio} is not',
    leverage: 'leverage must be a whole number from 1 to 1000',
    /** The side of a trigger in a sentence (`@:{side}`). */
    side: { buy: 'buy', sell: 'sell' }
  },
  /** A number field read as typed (src-shared/trading/number-input.ts). */
  input: {
    sign: '@:{what} takes no sign: type the number alone',
    exponent: 'write @:{what} in full digits, not as an exponent',
    exponentIs: 'write @:{what} in full digits, not as an exponent: {text} is {full}',
    spaces: '@:{what} cannot have spaces inside the number',
    character: '@:{what} takes digits and one decimal point; "{char}" is not allowed',
    invisible: '@:{what} takes digits and one decimal point; an invisible character ({code}) is not allowed',
    twoPoints: '@:{what} has more than one decimal point',
    comma: 'use a point for decimals in @:{what}; commas only separate thousands (1,234.5)',
    commaMeant:
      'use a point for decimals in @:{what}; commas only separate thousands (1,234.5): did you mean {dotted}?',
    digits: '@:{what} takes digits and one decimal point',
    tooLong: '@:{what} has more than {max} digits'
  },
  /** How much of a position a close may cover (src-shared/trading/close-size.ts). */
  close: {
    percent: 'a share of the position is more than 0% and at most 100%; {pct}% is not',
    shareWhole: '{pct}% of {position} contracts is {volume} contracts; {market} trades whole contracts: @:{options}',
    shareSteps: '{pct}% of {position} contracts is {volume} contracts; {market} trades steps of {step}: @:{options}',
    positive: 'the quantity to close must be greater than 0',
    tooMuch: 'the position holds {position} contracts; {volume} contracts cannot be closed'
  },
  sides: { BUY: 'BUY', SELL: 'SELL' },
  types: { LIMIT: 'LIMIT', MARKET: 'MARKET' },
  opens: { OPEN: 'OPEN', CLOSE: 'CLOSE' },
  /** A conditional order's kind in a sentence. */
  kinds: { 'stop-loss': 'stop-loss', 'take-profit': 'take-profit', 'trailing-stop': 'trailing-stop' },
  /** What the submit button and the confirmation's title say an order does. */
  action: {
    buy: 'Buy',
    sell: 'Sell',
    openLong: 'Open long',
    openShort: 'Open short',
    closeLong: 'Close long',
    closeShort: 'Close short'
  },
  form: {
    mark: 'Mark {price}',
    marginMode: 'margin mode',
    cross: 'Cross',
    isolated: 'Isolated',
    leverage: 'Leverage',
    leverageUnit: 'x',
    leverageAria: 'leverage',
    set: 'Set',
    side: 'side',
    buy: 'Buy',
    sell: 'Sell',
    long: 'Long',
    short: 'Short',
    orderType: 'order type',
    limit: 'Limit',
    market: 'Market',
    openOrClose: 'open or close',
    open: 'Open',
    close: 'Close',
    timeInForce: 'time in force',
    postOnly: 'Post only',
    conditional: 'conditional',
    triggers: {
      none: 'No trigger',
      'stop-loss': 'Stop-loss',
      'take-profit': 'Take-profit',
      'trailing-stop': 'Trailing stop'
    },
    trigger: 'Trigger',
    callback: 'Callback',
    ratio: 'ratio',
    orderPrice: 'Order',
    price: 'Price',
    marketPrice: 'Market price',
    amount: 'Amount',
    size: 'Size',
    value: 'Value',
    total: 'Total',
    estAvg: 'Est. avg',
    slippage: 'slippage',
    available: 'Avail',
    fills: 'fills',
    noBook: 'No book on screen to estimate the fill',
    belowStep: 'Too small: less than one size step at the best price',
    protection: 'Slippage protection: sent as a limit at most {pct}% beyond the best price',
    protectionIoc: 'Slippage protection: sent as a limit (IOC) at most {pct}% beyond the best price',
    contracts: 'Contracts',
    margin: 'Margin',
    maxOpen: 'Max open',
    nContracts: '{n} contracts',
    liquidation: 'Liq. est.',
    liquidationHint:
      'Before maintenance margin and fees, which the venue does not publish: liquidation comes somewhat sooner',
    crossMode: 'cross',
    isolatedMode: 'isolated',
    marginOf: '{margin} of {available} {coin} at {leverage}x',
    marginAt: '{margin} {coin} at {leverage}x',
    fixTitle: 'Set @:{what} to {value}',
    sending: 'Sending…',
    withTrigger: '{action} ({kind})',
    buyBase: 'Buy {base}',
    sellBase: 'Sell {base}',
    testBuy: 'Test buy {base}',
    testSell: 'Test sell {base}',
    readAs: 'read as {value}',
    totalBelow: 'less than {min} {quote}',
    totalExact: 'exactly {total} {quote}',
    testHint: "Send to the exchange's test endpoint: checked, never placed",
    testOrder: 'Test order',
    confirmHint: 'Ask before sending',
    confirm: 'Confirm',
    addToBatch: '+ Batch'
  },
  /** Why the form cannot size or send (order-form.ts). */
  check: {
    loading: 'the rules of {symbol} are still loading',
    notContract: '{symbol} is not a futures contract of this exchange',
    notSymbol: '{symbol} is not a spot symbol of this exchange',
    leverageNotSet:
      'leverage {leverage}x is typed but not set on the venue: press Set, or type back the leverage in force',
    margin:
      'this opens {contracts} contracts, taking {margin} {coin} of margin at {leverage}x; {available} {coin} is available (at most {max} contracts)',
    closeLongHolds: 'closing {volume} contracts, but the long position holds {held}',
    closeShortHolds: 'closing {volume} contracts, but the short position holds {held}',
    closeNoLong: 'closing {volume} contracts, but there is no long position',
    closeNoShort: 'closing {volume} contracts, but there is no short position',
    // A close beside the position's resting close orders, which hold part of it: `pending` held of `held`.
    closeLongHeld:
      "closing {volume} contracts, but {pending} of the long position's {held} are held by resting close orders: at most {free} more can be closed (cancel those orders to close more)",
    closeShortHeld:
      "closing {volume} contracts, but {pending} of the short position's {held} are held by resting close orders: at most {free} more can be closed (cancel those orders to close more)",
    stale:
      'market orders are refused while market data is {label} ({detail}); place a limit order, or wait for live prices',
    undetermined:
      'order {id} on {symbol} may have been placed: the exchange would not tell; check it there, then dismiss the notice in Open orders to send another',
    marginBatch: 'margin has no batch orders',
    conditionalBatch: 'conditional orders cannot be batched',
    protectedBatch:
      'a market order in a batch cannot be protected against slippage; add it as a limit, or turn slippage protection off in Settings → Trading',
    noMarginBalance:
      'no margin balance to size by: the interface publishes none, and the venue borrows what an order lacks',
    balanceNotLoaded: 'balance not loaded yet',
    needsPrice: 'needs a price'
  },
  /** What came of a send (order-form.ts). */
  result: {
    unknown: 'outcome unknown, reconciling (client id {id})',
    undetermined: 'cannot tell whether order {id} was placed; check the venue before sending again',
    noReason: 'no reason given',
    rejected: 'rejected: {reason}',
    orderOn: 'Order on {profile}',
    testAccepted: 'Test order accepted by the exchange; nothing was placed',
    conditional: '{kind} {id} waiting for {trigger}',
    batch: 'batch: {placed} of {total} placed',
    notPlaced: 'Order not placed',
    notPlacedOn: 'Order on {profile} not placed',
    marginMode: '{market} margin: {mode}',
    marginNotChanged: 'Margin mode not changed',
    leverage: '{market} leverage {leverage}x',
    leverageNotChanged: 'Leverage not changed',
    paperVenue: 'the local paper exchange',
    unknownVenue: 'an unknown venue',
    activeProfile: 'the active profile',
    batchItem: 'item {n}: {message}'
  },
  /** The order form's guards (order-guards.ts). */
  guard: {
    markPrice: 'mark price',
    lastPrice: 'last price',
    above: 'above',
    below: 'below',
    noReference: 'no {ref} yet to check price {price} {unit} against (price guard: {pct}%)',
    noReferenceItem: 'no {ref} yet to check price {price} {unit} against',
    deviation: 'price {price} {unit} is {pct}% {dir} the {ref} {refPrice} (price guard: {guard}%)',
    deviationCrosses:
      'price {price} {unit} is {pct}% {dir} the {ref} {refPrice}, so it would trade at once against the book (price guard: {guard}%)',
    deviationItem: '{side} at {price} {unit} is {pct}% {dir} the {ref} {refPrice} (price guard: {guard}%)',
    // An algorithm's price, named by its field (`what`: Trigger, Limit, Take profit …).
    deviationField: '{what} {price} {unit} is {pct}% {dir} the {ref} {refPrice} (price guard: {guard}%)',
    noReferenceField: 'no {ref} yet to check {what} {price} {unit} against',
    noBook:
      'no order book for {market} yet to bound the slippage of a market order; wait for it, or turn slippage protection off in Settings → Trading to send a market order',
    protectedBroken:
      'slippage protection sends this as a limit at {limit}, and then @:{reason}; change the amount, or turn slippage protection off in Settings → Trading to send a market order',
    bestAsk: 'best ask',
    bestBid: 'best bid',
    restSpot: 'whatever does not fill at once stays on the book as a limit order',
    restFok: 'it fills whole at once or not at all (FOK)',
    restIoc: 'whatever does not fill at once is canceled (IOC)',
    protected:
      'sent as a LIMIT {side} of {volume} {unit} at {limit}{tif}, the worst price within {max}% of the {best} {bestPrice}, instead of a market order; {rest}',
    depth: 'the book on screen fills only {pct}% of this order'
  },
  /** The confirmation's rows (lib/order-summary.ts). */
  summary: {
    title: '{action} {market}?',
    titleTrigger: '{action} {market} ({kind})?',
    titleTest: '{action} {market} (test, nothing placed)?',
    titleBatch: 'Send {n} orders on {market}?',
    orderValue: '{n} {quote} of contracts (order value)',
    contracts: '{n} contracts',
    contractsHeld: '{n} contracts ({held} {coin})',
    toSpend: '{n} {quote} to spend',
    marketEstimate: 'market (est. avg {avg}, slippage {slippage}%, fills {share}%)',
    marketNoBook: 'market (no book on screen to estimate it)',
    sideType: 'Side · type',
    quantity: 'Quantity',
    price: 'Price',
    trigger: 'Trigger',
    callback: '{price} {quote}, callback {ratio}',
    total: 'Est. total',
    totalUnknown: 'not known before it fills',
    fee: 'Fee',
    lineLimit: '{type} {side} {qty} at {price} {quote}',
    lineMarket: '{type} {side} {qty} at market',
    feeNone: 'not known: the venue publishes no fee rate, and you have no fill on this market yet',
    feeNoValue: 'at your rate, on a value not known before it fills',
    taker: 'taker',
    feeOne: '≈ {fee} ({kind} {pct}, from your recent fills)',
    feeRange: '≈ {low} to {high} (maker {maker}, taker {taker}, from your recent fills)',
    feeTakerUnknown: 'not known: you have no taker fill on this market yet, so its taker rate is not known',
    feeIfRests:
      '≈ {fee} if it rests (maker {pct}, from your recent fills); if it trades at once, the taker rate is not known yet',
    feeIfTakes:
      '≈ {fee} if it trades at once (taker {pct}, from your recent fills); if it rests, the maker rate is not known yet',
    placed: 'placed',
    placedLimit: '{verb} order placed: {qty} at {price} {quote}{tif} on {market}',
    placedMarket: '{verb} order placed: {qty} at market{tif} on {market}',
    verbs: { longOpen: 'Long open', shortOpen: 'Short open', longClose: 'Long close', shortClose: 'Short close' }
  },
  confirm: {
    marginLoan:
      'Margin order: what your margin balance lacks is borrowed by the venue (up to its leverage) and charged interest until repaid. The interface publishes no margin balance or debt, so this terminal cannot show how much it will borrow.',
    tickStale: 'Tick “Send anyway” first: prices are {label}',
    leverage: 'Leverage',
    leverageValue: '{leverage}x · {mode}',
    leverageAssumed:
      '{leverage}x · {mode}, assumed: the venue tells a contract’s leverage only with a position; press Set to be sure',
    recovered: 'Prices are live again: the order and its checks below are now worked out on live prices',
    tickGuards: 'Tick each warning first',
    to: 'To',
    paper: 'Paper',
    remote: 'Remote',
    on: 'on {venue}',
    staleHead: 'Market data {label}',
    staleBody: ': {detail}. The book and the last price may not be where the market is.',
    staleAck: 'Send anyway, on market data {label}',
    meanPrice: 'I mean this price',
    market: 'Market',
    limitTotal: 'Limit value in total: {total} {quote}',
    dontAsk: "Don't ask again",
    cancel: 'Cancel',
    sendStale: 'Send on stale prices',
    confirm: 'Confirm'
  },
  batch: {
    title: 'Batch',
    clear: 'Clear',
    send: 'Send batch',
    market: 'market',
    total: '≈ {total} {quote}',
    remove: 'remove order {n}'
  },
  /** An order's fills told as news (lib/fill-words.ts). */
  fill: {
    rejected: 'Rejected',
    openNothing: 'Open, nothing filled',
    canceledNothing: 'Canceled, nothing filled',
    filled: 'Filled',
    partial: 'Partially filled',
    title: '{headline} · {market}',
    bought: 'bought',
    sold: 'sold',
    notBought: 'not bought',
    notSold: 'not sold',
    avg: ' at {price} (avg)',
    unspent: '{headline}: {amount} {quote} unspent',
    notDone: '{headline}: {size} {unit} {didNot}',
    got: '{did} {size} {unit}{at}',
    paid: ' for {spent}',
    paidIn: ' for {spent} {quote}',
    share: ' of {asked} {quote} ({pct})',
    restUnspent: ': {left} {quote} unspent',
    filledQuote: 'Filled: {got}{paid}',
    partQuoteOpen: 'Partially filled: {got}{paid}{share}, rest still open{rest}',
    partQuoteCanceled: 'Partially filled: {got}{paid}{share}, rest canceled{rest}',
    filledSize: 'Filled: {did} {size} {unit}{at}',
    part: '{did} {executed} of {volume} {unit} ({pct}){at}',
    partOpen: 'Partially filled: {part}, {rest} still open',
    partCanceled: 'Partially filled: {part}, rest canceled: {rest} {didNot}'
  },
  /** An order's outcome read from a history (lib/order-outcome.ts). */
  outcome: { margin: '{market} margin', base: 'base', quote: 'quote' },
  /** Verdicts of order actions and operations main tells late (stores/order-events.ts). */
  verdict: {
    operations: {
      conditional: 'Conditional order',
      'tp-sl': 'TP/SL',
      'trigger-cancel': 'Trigger cancel',
      leverage: 'Leverage',
      'position-mode': 'Position mode',
      'margin-mode': 'Margin mode',
      transfer: 'Transfer'
    },
    operation: '{kind} ({detail})',
    operationOn: '{kind} on {symbol} ({detail})',
    applied: '{title}: applied',
    appliedText: 'The exchange confirms it took effect.',
    notApplied: '{title}: not applied',
    notAppliedText: 'It did not take effect; sending it again is safe.',
    unknown: '{title}: outcome unknown',
    unknownText: 'The exchange cannot tell whether it took effect: check before sending it again.',
    order: 'Order {id} on {symbol}',
    cancelOf: 'Cancel of order {id} on {symbol}',
    placeUndetermined: 'cannot tell whether order {id} was placed; check the venue before sending it again',
    cancelUndetermined: 'cannot tell whether order {id} was canceled; check the venue (cancelling again is safe)',
    notDone: '{what}: not done',
    notDoneText: 'The exchange shows it did not take effect; sending it again is safe.',
    done: '{what}: {status}',
    doneText: 'Confirmed by the exchange after an unknown outcome.',
    statuses: { placed: 'placed', canceled: 'canceled' },
    correction:
      'The terminal said order {clientId} was not placed; the exchange now shows it as order {id}. Check your open orders and position.',
    correctionTitle: 'Correction: order {id} on {symbol} WAS placed',
    beforeStop: 'Order {id} on {symbol}, sent before the terminal stopped',
    cancelBeforeStop: 'Cancel of order {id} on {symbol}, sent before the terminal stopped',
    cannotTell: 'cannot tell: check the exchange',
    notTakenEffect: 'The exchange shows it did not take effect.',
    confirmedAfterRestart: 'Confirmed by the exchange after the restart.',
    dismissFailed: 'Could not dismiss the order check'
  },
  /** Failures of order actions (stores/trading.ts). */
  error: {
    venueCode: '{message} (venue code {code})',
    unknown: '{n} outcome unknown, reconciling',
    undetermined: '{n} cannot tell',
    undeterminedWhy: '{n} cannot tell: {reason}',
    refused: '{n} refused',
    refusedWhy: '{n} refused: {reason}'
  },
  /** The venue's markets and contracts (stores/instruments.ts). */
  instruments: {
    loading: { spot: 'Loading spot markets', futures: 'Loading futures contracts' },
    failed: { spot: 'Could not load the spot markets', futures: 'Could not load the futures markets' }
  },
  /** A contract's settings on the venue (panels/trading/FuturesSettings.vue). */
  settings: {
    mode: 'Mode',
    oneWay: 'One-way',
    hedge: 'Hedge',
    margin: 'Margin',
    leverage: 'Leverage',
    set: 'Set',
    modes: { 'one-way': 'one-way', hedge: 'hedge' },
    modeSet: 'position mode {mode} set',
    marginSet: 'margin {mode} set',
    leverageSet: 'leverage {leverage}x set',
    notChanged: 'Setting not changed'
  },
  /** TP/SL legs of a position (panels/trading/TpSlEditor.vue). */
  tpsl: {
    edit: 'Edit {kind}',
    new: 'New TP/SL',
    mark: 'mark {price}',
    stopLoss: 'Stop-loss',
    takeProfit: 'Take-profit',
    trigger: 'trigger',
    qty: 'qty',
    all: 'all {n}',
    limit: 'limit',
    market: 'market',
    hint: 'triggers on the mark price; an empty qty covers the whole position',
    replace: 'Replace',
    attach: 'Attach',
    close: 'Close'
  },
  /** Settings › Trading: the order guards (components/settings/OrderGuardSettings.vue). */
  guardSettings: {
    priceGuard: 'Price guard',
    priceGuardHint:
      'A limit price further than this from the last price (spot) or the mark price (futures) needs its own tick in the confirmation.',
    priceGuardAria: 'price guard percent',
    slippage: 'Slippage protection for market orders',
    slippageHint:
      'Sends a market order as a limit at the worst acceptable price instead: spot as a LIMIT (any rest stays on the book), futures as an IOC limit.',
    slippageAria: 'maximum slippage percent',
    range: '{what} must be above 0 and at most {max}%'
  }
}

// The account's orders and positions: open orders, order and trade history, trigger orders, positions and their
// row actions.
export const orders = {
  // The venue's enum names in words (lib/enum-words.ts): capital-flow kinds, order and trigger statuses, deposit and
  // withdraw statuses, sides and order types. The keys are the venue's names; CSV exports keep those names.
  enum: {
    TRANSFER_IN: 'Transfer in',
    TRANSFER_OUT: 'Transfer out',
    LIQUIDATION: 'Liquidation',
    FUNDING_FEE: 'Funding fee',
    OPEN_FEE: 'Opening fee',
    CLOSE_FEE: 'Closing fee',
    CLOSING_PNL: 'Closing PnL',
    INIT: 'Pending',
    NEW: 'Open',
    PARTIALLY_FILLED: 'Partially filled',
    FILLED: 'Filled',
    CANCELED: 'Canceled',
    PENDING_CANCEL: 'Canceling',
    REJECTED: 'Rejected',
    EXPIRED: 'Expired',
    WAITING: 'Waiting',
    TRIGGERED: 'Triggered',
    FAILED: 'Failed',
    UNCONFIRMED: 'Unconfirmed',
    COMPLETED: 'Completed',
    ABNORMAL: 'Abnormal',
    PENDING_REVIEW: 'In review',
    APPROVED: 'Approved',
    PAYING: 'Sending',
    PAYMENT_FAILED: 'Sending failed',
    REVOKED: 'Revoked',
    BUY: 'Buy',
    SELL: 'Sell',
    OPEN: 'Open',
    CLOSE: 'Close',
    LIMIT: 'Limit',
    MARKET: 'Market',
    IOC: 'Limit IOC',
    FOK: 'Limit FOK',
    POST_ONLY: 'Post only',
    STOP: 'Stop'
  },
  // A futures order's side with what it does to the position.
  sideOpen: { BUY_OPEN: 'Buy open', SELL_OPEN: 'Sell open', BUY_CLOSE: 'Buy close', SELL_CLOSE: 'Sell close' },
  // A position's direction inside a cell or a sentence (a record's side, what a fill closed).
  dir: { long: 'long', short: 'short' },
  // A TP/SL leg or trigger order: as a cell, and inside a sentence.
  triggerKind: { 'stop-loss': 'Stop-loss', 'take-profit': 'Take-profit' },
  triggerWord: { 'stop-loss': 'stop-loss', 'take-profit': 'take-profit' },
  // What an order answer's status says when it is not "placed".
  ackStatus: { placed: 'placed', rejected: 'rejected', unknown: 'unknown', undetermined: 'undetermined' },
  csv: 'CSV',
  cancel: 'Cancel',
  allSymbols: 'All symbols',
  activeProfile: 'the active profile',
  col: {
    time: 'Time',
    market: 'Market',
    contract: 'Contract',
    side: 'Side',
    type: 'Type',
    price: 'Price',
    amount: 'Amount',
    filled: 'Filled',
    avgPrice: 'Avg price',
    status: 'Status',
    qty: 'Qty',
    fee: 'Fee',
    role: 'Role',
    kind: 'Kind',
    trigger: 'Trigger',
    volume: 'Volume',
    coin: 'Coin',
    balance: 'Balance',
    margin: 'Margin'
  },
  tabs: { label: 'orders', open: 'Open orders', history: 'Order history', trades: 'Trades', triggers: 'Triggers' },
  open: {
    selectAll: 'select all',
    selectOrder: 'select order {id}',
    cancelSelected: 'Cancel selected ({n})',
    cancelAll: 'Cancel all on {market}',
    cancelAllTitle: 'Cancel every open order of {market} on {profile}',
    // `n` chooses the form.
    cancelAllConfirm: 'Cancel {n} order on {profile}? | Cancel {n} orders on {profile}?',
    thisProfile: 'this profile',
    no: 'No',
    canceled: '{n} canceled',
    cancelFailed: 'Cancel failed',
    sending: 'sending…',
    reconciling: 'outcome unknown: reconciling with the exchange…',
    placeUndetermined: 'cannot tell whether order {order} was placed: check the exchange before sending it again',
    cancelUndetermined: 'cannot tell whether order {order} was canceled: check the exchange (cancelling again is safe)',
    dismiss: 'Dismiss',
    checking: '{operation}: outcome unknown: checking with the exchange…',
    checkingReads:
      '{operation}: outcome unknown: checking with the exchange… ({n} read) | {operation}: outcome unknown: checking with the exchange… ({n} reads)',
    loading: 'Loading open orders…',
    none: 'No open orders',
    noneOn: 'No open orders on {market}'
  },
  history: {
    futuresTitle: 'Futures order history',
    futuresTitleOn: 'Futures order history · {symbol}',
    none: 'No orders yet',
    loading: 'Loading order history…',
    empty: { spot: 'No spot orders yet', margin: 'No margin orders yet' },
    emptyOn: { spot: 'No spot orders on {market} yet', margin: 'No margin orders on {market} yet' },
    // A market order's price cell.
    market: 'Market',
    filledFor: '{size} for {money}',
    unspent: '{money} unspent',
    notBought: '{size} not bought',
    notSold: '{size} not sold',
    partCanceled: 'Partially filled, rest canceled',
    partOpen: 'Partially filled, open'
  },
  trades: {
    latest: 'Latest',
    fromStart: 'From start',
    maker: 'maker',
    taker: 'taker',
    none: 'No trades on {market}',
    oldestFirst: 'oldest first',
    latestFills: 'latest fills'
  },
  triggers: {
    count: '{n} trigger order | {n} trigger orders',
    canceled: 'trigger {id} canceled',
    notCanceled: 'Trigger not canceled',
    // A trigger order's price cell when it sends a market order.
    market: 'market',
    none: 'No trigger orders'
  },
  pager: {
    prev: '‹ Prev',
    next: 'Next ›',
    page: 'Page {page}',
    refresh: 'Refresh',
    loading: 'Loading…',
    newestFirst: 'newest first'
  },
  positionTabs: {
    label: 'positions',
    positions: 'Positions',
    pnl: 'PnL history',
    capital: 'Capital flow',
    adl: 'ADL',
    liquidations: 'Liquidations',
    closedPositions: 'Closed positions'
  },
  // Closing fills (a partial close as it happened).
  closes: { closed: 'Closed', contracts: 'Contracts', realizedPnl: 'Realized PnL', none: 'No closing fills' },
  // The futures account's records (PnL of closed positions, capital flow, ADL, liquidations).
  records: {
    closedAt: 'Closed',
    volume: 'Volume (Cont)',
    entry: 'Entry',
    exit: 'Exit',
    closePnl: 'Close PnL',
    fees: 'Fees',
    funding: 'Funding',
    realized: 'Realized',
    cross: 'cross',
    isolated: 'isolated',
    selectContract: 'Select a contract to see its ADL records',
    none: 'No records'
  },
  positions: {
    dir: { BUY: 'Long', SELL: 'Short' },
    col: {
      size: 'Size (contracts)',
      entry: 'Entry',
      mark: 'Mark',
      liq: 'Liq. price',
      marginRate: 'Margin rate',
      pnl: 'PnL (ROE)',
      tpsl: 'TP/SL',
      close: 'Close'
    },
    cross: 'Cross',
    isolated: 'Isolated',
    noLiq: 'no liquidation price at this margin',
    legShort: { 'stop-loss': 'SL', 'take-profit': 'TP' },
    editLeg: 'Edit this {kind}',
    cancelLeg: 'Cancel this {kind}',
    oversizedTitle:
      'A TP/SL leg placed from this terminal is resized to the position; any other closes at most what is left when it fires',
    oversized: 'larger than the position ({n})',
    addTpSl: '+ TP/SL',
    qtyPlaceholder: 'all {n}',
    qtyLabel: 'Contracts to close',
    market: 'Market',
    price: 'Price',
    limitPrice: 'Limit price',
    limit: 'Limit',
    reverse: 'Reverse',
    reverseTitle: 'Close, then open the opposite side for the same size',
    loading: 'Loading positions…',
    none: 'No open positions',
    legsNote:
      'A TP/SL never covers more than the position: after a partial close, a larger leg is replaced by one of the size left.',
    closeAll: 'Close all',
    // The confirmation bar: `stale` is the staleness label, `what` the action, `profile` the account (shown bold).
    staleData: 'Market data {stale}.',
    confirmOn: '{what} on {profile}?',
    confirmOnAnyway: '{what} on {profile} anyway?',
    sendAnyway: 'Send anyway',
    confirm: 'Confirm',
    cancelConfirm: 'Cancel',
    actionFailed: 'Position action failed',
    closePriceRequired: 'the close price is required for a limit close',
    // Close: "Close {part} of the {dir} {market} {how}".
    partAll: 'all {n} contracts',
    partSome: '{n} of {total} contracts',
    atLimit: 'with a limit order at {price}',
    atMarket: 'at market',
    close: 'Close {part} of the {dir} {market} {how}',
    legResized: '{leg} {n} contracts will be resized to the {left} contracts left',
    closeLimitPlaced: 'close order for {n} contracts at {price} placed',
    closingMarket: 'closing {n} contracts of {market} at market',
    // Reverse: `dir` and `opp` are dir.long / dir.short.
    reverseWhat: 'Reverse the {dir} {n} contracts of {market} into a {opp}',
    reversed: 'reversed: {dir} closed, {opp} {n} contracts sent as an IOC limit at {price}',
    reverseStep1: '1. close all {n} contracts at market',
    reverseStep2:
      '2. once the account shows it closed: open a {opp} of {n} contracts, IOC limit at {price} ({pct}% beyond the mark {mark}); what does not fill at that price is cancelled',
    closeNoVerdict: 'the close of {n} contracts has no verdict yet ({status}): the opposite side was not opened',
    stillShows: 'the position still shows {left} of {n} contracts: the opposite side was not opened',
    rulesNotLoaded: 'the rules of {market} are not loaded yet',
    noMark: 'no mark price of {market} yet',
    // Close all: `n` chooses the form.
    closeAllWhat: 'Close all {n} position at market | Close all {n} positions at market',
    closeAllLine: '{dir} {n} contracts of {market} (PnL {pnl} {coin})',
    closeAllSent: '{market}: closing at market',
    closeAllFailed: '{market}: {reason}',
    closeAllCancels: 'first cancels the resting close orders of {n} contracts on {market}, which hold them',
    // The algorithms still running on a contract Close all closes; `n` chooses the form. A close-only one (its orders
    // only close) cannot open it again: said apart, truthfully.
    closeAllAlgos:
      '{n} algorithm still runs on {market} and may open it again | {n} algorithms still run on {market} and may open it again',
    closeAllCloseAlgos:
      '{n} close-only algorithm still runs on {market}: it cannot open a position, and once closed there is nothing left for it to close | {n} close-only algorithms still run on {market}: they cannot open a position, and once closed there is nothing left for them to close',
    // Close all's choice (ticked at first) to stop the algorithms still running on the contracts it closes.
    stopAlgos:
      'Also stop this algorithm before closing: {names} | Also stop these {n} algorithms before closing: {names}',
    algoName: '{kind} ({action} {n} contracts on {market})',
    algoStopped: 'stopped {algo}',
    algoEnded: '{algo} had ended ({state})',
    algoNotStopped: '{algo} not stopped ({reason})',
    algoStillStopping: '{algo} still stopping after {s} s (its orders are being cancelled)',
    algoKept: 'not closed: an algorithm on it was not stopped',
    algosLeft: '{n} algorithm left running, as chosen | {n} algorithms left running, as chosen',
    algosUnread:
      'the algorithms running on these contracts could not be read ({reason}): any still running may open a position again',
    closeAllCancelFailed:
      '{market}: its resting close orders were not all cancelled ({reason}; {cancelled} of {n} were); not closed',
    profileChanged: 'the account shown changed before this step: nothing more was sent',
    inCloseOrders:
      '{pending} of the {total} contracts are held by resting close orders: at most {free} more can be closed (cancel those orders to close more)',
    // TP/SL legs: "{kind} {size} at trigger …"; `kind` is triggerWord.
    legWhole: 'for the whole position ({n} contracts)',
    legPart: 'for {n} of {total} contracts',
    legLimit: '{kind} {size} at trigger {trigger}, then a limit at {price}',
    legMarket: '{kind} {size} at trigger {trigger}, then at market',
    legsBoth: '{sl} and a {tp}',
    attach: 'Attach a {legs} to {market}',
    replace: 'Replace the {kind} at {trigger} × {volume} with a {legs} on {market}',
    replaced: '{kind} of {market} replaced',
    attached: 'TP/SL attached to {market}',
    removeWhat: 'Cancel the {kind} at {trigger} × {volume} contracts of {market}',
    removed: '{kind} of {market} cancelled',
    noTpSl: 'give a stop-loss or a take-profit trigger price',
    // A field as the shared number rules name it in a refusal (`@:{what}`, src-shared/trading/number-input.ts).
    what: {
      closeQty: 'the quantity to close',
      closePrice: 'the close price',
      trigger: { 'stop-loss': 'the stop-loss price', 'take-profit': 'the take-profit price' },
      qty: { 'stop-loss': 'the stop-loss quantity', 'take-profit': 'the take-profit quantity' },
      orderPrice: { 'stop-loss': 'the stop-loss order price', 'take-profit': 'the take-profit order price' }
    }
  }
}

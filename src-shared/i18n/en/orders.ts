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
  // A TP/SL leg or trigger order: as a cell, and inside a sentence.
  triggerKind: { 'stop-loss': 'Stop-loss', 'take-profit': 'Take-profit' },
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
    volume: 'Volume'
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
  }
}

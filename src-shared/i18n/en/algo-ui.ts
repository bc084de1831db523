// The algorithms' UI: the order form's Algo tab (panels/trading/AlgoForm.vue, ConfirmAlgo.vue) and the Algorithms
// panel (panels/AlgosPanel.vue). The engine's own words (what each waits for, why it ended) are in algos.ts.
export const algoUi = {
  title: 'Algorithms',
  orderTab: 'Order',
  algoTab: 'Algo',
  tabs: 'Order or algorithm',
  kind: 'Algorithm',
  kinds: {
    oco: 'OCO',
    'stop-market': 'Stop market',
    'stop-limit': 'Stop limit',
    'trailing-stop': 'Trailing stop',
    iceberg: 'Iceberg',
    twap: 'TWAP',
    scaled: 'Scaled',
    bracket: 'Bracket',
    chase: 'Chase'
  },
  /** A kind inside a sentence, with its article ("a {kind} needs …"). */
  kindIn: {
    oco: 'an OCO',
    'stop-market': 'a stop market',
    'stop-limit': 'a stop limit',
    'trailing-stop': 'a trailing stop',
    iceberg: 'an iceberg',
    twap: 'a TWAP',
    scaled: 'a scaled order',
    bracket: 'a bracket',
    chase: 'a chase'
  },
  sides: { BUY: 'Buy', SELL: 'Sell' },
  /** A side inside a sentence. */
  sideIn: { BUY: 'buy', SELL: 'sell' },
  quantity: 'Quantity',
  limitPrice: 'Limit',
  triggerPrice: 'Trigger',
  stopLimitPrice: 'Stop limit',
  trailPercent: 'Trail',
  takeProfitPrice: 'Take profit',
  visibleQuantity: 'Visible',
  durationSeconds: 'Duration',
  slices: 'Slices',
  jitter: 'Random slice times',
  jitterHint: 'Each slice after the first is sent later by a random part of half an interval',
  fromPrice: 'From price',
  toPrice: 'To price',
  orders: 'Orders',
  sizing: 'Sizes',
  sizeFactor: 'Size factor',
  sizeFactorHint:
    '1: equal sizes; linear: each size grows by (factor - 1) times the first; geometric: factor times the one before',
  maxDistancePercent: 'Max distance',
  intervalSeconds: 'Min interval',
  /** A chase's bound now, in the Algorithms panel. */
  chaseBound: 'Bound',
  edit: 'Edit',
  editTitle: 'Change while it runs (the total and the orders already sent stay):',
  editSave: 'Save changes',
  editKeep: '@:{what} cannot be removed while it runs',
  editStaleAck: 'Save anyway, on market data {label}',
  /** A bracket's fields, named for what they are to it. */
  bracket: { limitPrice: 'Entry', triggerPrice: 'Stop-loss trigger', stopLimitPrice: 'Stop-loss limit' },
  sizings: { linear: 'Linear', geometric: 'Geometric' },
  sizingIn: { linear: 'linear', geometric: 'geometric' },
  seconds: 's',
  orderUnit: 'orders',
  sliceUnit: 'slices',
  /** A field as a refusal names it (`@:{what}`). */
  what: {
    quantity: 'the quantity',
    limitPrice: 'the limit price',
    triggerPrice: 'the trigger price',
    stopLimitPrice: 'the stop-limit price',
    trailPercent: 'the trail',
    takeProfitPrice: 'the take-profit price',
    visibleQuantity: 'the visible quantity',
    durationSeconds: 'the duration',
    slices: 'the number of slices',
    jitter: 'random slice times',
    fromPrice: 'the from price',
    toPrice: 'the to price',
    orders: 'the number of orders',
    sizing: 'the sizing',
    sizeFactor: 'the size factor',
    maxDistancePercent: 'the maximum distance',
    intervalSeconds: 'the minimum interval',
    /** A child order's size that is not a field's own value. */
    lastSlice: 'the last slice (what the total leaves over whole visible parts)',
    twapLastSlice: 'the last slice (what the total leaves over the other slices)',
    eachSlice: 'each slice (the total over the slices)',
    level: "a level's size"
  },
  /** The Algo tab's own rules for whole-number fields (seconds, slices, orders). */
  rule: {
    whole: '@:{what} must be a whole number',
    range: '@:{what} must be from {min} to {max}'
  },
  /** The side of the book a chase joins. */
  book: { bid: 'bid', ask: 'ask' },
  optional: 'optional',
  fireLate: 'Fire late if missed while closed',
  fireLateHint:
    'A trigger passed while the terminal was closed: send the order at start (on), or pause the algorithm and ask (off)',
  review: 'Review {kind}',
  sending: 'Starting…',
  started: '{kind} started; next: {next}',
  confirmTitle: '{kind} · {side} {quantity} {base} on {market}',
  run: 'Start algorithm',
  back: 'Back',
  /** The confirmation on stale prices: run only once the trader ticks it. */
  staleAck: 'Start anyway, on market data {label}',
  tickStale: 'Tick “Start anyway” first: prices are {label}',
  runs: {
    oco: 'A limit {side} of {quantity} at {limit}; if the last price reaches {trigger} first, the limit is cancelled and the rest is sent as {stop}.',
    ocoStopLimit: 'a limit {side} at {price}',
    ocoStopMarket: 'a market {side}',
    stopMarket: 'When the last price reaches {trigger}: a market {side} of {quantity}.',
    stopLimit: 'When the last price reaches {trigger}: a limit {side} of {quantity} at {price}.',
    trailing: 'A market {side} of {quantity} when the last price falls {pct}% below the highest price seen from now.',
    trailingBuy: 'A market {side} of {quantity} when the last price rises {pct}% above the lowest price seen from now.',
    bracket:
      'A limit {side} of {quantity} at {limit}. Once it fills (even partly), a limit {exit} of what it filled at {takeProfit} takes the profit, and when the last price reaches {trigger} the stop loss cancels it and sends {stop}.',
    iceberg:
      'A limit {side} of {quantity} at {limit}, at most {visible} shown at a time: the next part is placed when the shown one fills.',
    twap: 'A limit {side} of {quantity} at {limit} in {slices} slices over {seconds} seconds; what a slice has not filled when the next is due is cancelled and carried into it.',
    twapJitter: 'Each slice after the first is sent later by a random part of half an interval.',
    scaled:
      '{orders} limit {side} orders of {quantity} in all from {from} to {to} ({sizing} sizes, factor {factor}), placed at once:',
    level: '{n}. {volume} at {price}',
    chase:
      'A limit {side} of {quantity} at the best @:{book}, moved with it at most once every {interval} seconds, never beyond {bound}.',
    chaseLimit: '{limit}',
    chaseDistance: '{pct}% from the best price when it starts',
    chaseBoth: '{limit} or {pct}% from the best price when it starts, whichever is nearer',
    lateOn: 'A trigger passed while the terminal was closed fires at start.',
    lateOff: 'A trigger passed while the terminal was closed pauses the algorithm and asks first.',
    byTerminal: 'The terminal runs it (not the venue): it goes on with the windows closed, not with the terminal quit.'
  },
  list: 'Algorithms of this profile',
  empty: 'No algorithms',
  market: 'Market',
  side: 'Side',
  prices: 'Prices',
  progress: 'Filled',
  progressOf: '{filled} / {total}',
  children: 'Orders',
  noChildren: 'none yet',
  child: '{role}: {type} {volume} at {price} · {state}, filled {filled}',
  childMarket: '{role}: {type} {volume} · {state}, filled {filled}',
  limitOrder: 'limit {side}',
  marketOrder: 'market {side}',
  roles: {
    limit: 'limit leg',
    stop: 'stop leg',
    entry: 'entry',
    'take-profit': 'take profit',
    slice: 'slice',
    level: 'level'
  },
  childStates: {
    placing: 'being placed',
    open: 'open',
    cancelling: 'being cancelled',
    final: 'ended',
    'not-placed': 'not placed'
  },
  state: 'State',
  next: 'Next',
  created: 'Created {time}',
  states: {
    waiting: 'waiting',
    working: 'working',
    paused: 'paused',
    stopping: 'stopping',
    done: 'done',
    cancelled: 'cancelled',
    failed: 'failed'
  },
  missed: 'paused: its trigger passed while the terminal was closed',
  triggered: 'triggered at {price}',
  triggeredLate: 'triggered late at {price}',
  actions: 'Actions on {kind} {market}',
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel',
  cancelAsk: 'Cancel the {kind} on {market} and its open orders?',
  kill: 'Kill switch',
  killAsk: 'Stop every running algorithm of {profile} and cancel their orders?',
  yes: 'Yes',
  no: 'No',
  // `n` chooses the form.
  stopped: '{n} algorithm stopped | {n} algorithms stopped',
  marginIs: 'Margin: {mode}',
  marginHint:
    "The contract's margin mode on the venue, as the order form shows it: change it with Cross / Isolated above",
  startedOn: 'Algorithm started on {profile}',
  notStartedOn: 'Algorithm not started on {profile}',
  /** On a futures contract. */
  futures: {
    contracts: 'contracts',
    margin: 'Margin mode',
    long: 'long',
    short: 'short',
    reduceOnly:
      'Reduce-only: its orders only close the {position} position, never open one the other way; the total cannot exceed what the position holds.',
    opens: 'Its orders open or add to a {position} position in {mode} margin, at the leverage set on the venue.'
  }
}

// Algorithms run by the terminal (src-main/algos): what each waits for next, why it ended, and its refusals in words
// (src-shared/ipc/schemas/algos.ts, src-main/algos/machine.ts, algo-engine.ts).
export const algos = {
  next: {
    working: 'working: its order is being sent or cancelled',
    none: 'nothing: it has ended',
    paused: 'nothing until it is resumed',
    ocoWatch: 'the limit at {limit} fills, or the last price reaches {trigger}',
    fill: 'order {order} fills',
    trailStart: 'the first last price, to start trailing',
    trigger: '@:{side} when the last price reaches {trigger}',
    entry: 'the entry at {price} fills (order {order})',
    bracketWatch:
      '{held} held: the take profit at {takeProfit} fills, or the last price reaches the stop loss at {trigger}',
    iceberg: '{shown} shown at {price} fills ({filled} of {total} filled)',
    twapSlice: 'slice {slice} of {slices} fills, until {until} ({filled} of {total} filled)',
    twapNext: 'slice {slice} of {slices} at {at} ({filled} of {total} filled)',
    scaled: 'its {open} open limits fill ({filled} of {total} filled)',
    chaseBook: "the first read of the book's best @:{side}",
    chaseAt: 'its limit at {price} fills, or the book moves (bound {bound}; {filled} of {total} filled)',
    chaseMove: 'a move to {price} at {at} ({filled} of {total} filled)'
  },
  reason: {
    cancelled: 'cancelled by you',
    killed: 'stopped by the kill switch',
    filled: 'filled',
    notPlaced: 'its {role} order was not placed: @:{cause}',
    endedOutside: 'its order ended outside the algorithm ({status})',
    missed:
      'the last price ({price}) had passed the trigger ({trigger}) while the terminal was closed; resume to send it now, or cancel',
    cancelUnknown: 'cannot tell whether order {order} was cancelled (@:{cause}); check the venue',
    placeUnknown: 'cannot tell whether order {order} was placed (@:{cause}); check the venue',
    childGone: 'order {order} is no longer shown by the venue; check the venue',
    takeProfit: 'its take profit filled',
    stopLoss: 'its stop loss filled',
    twapEnded: 'its duration ended with {filled} of {total} filled',
    twapBelowMin:
      'what is left ({left}) is below the smallest order the market takes ({min}): it ended with {filled} of {total} filled'
  },
  refuse: {
    unused: '@:{kind} takes no @:{field}',
    notRunning: 'only a waiting or working algorithm can be paused (this one is {state})',
    notPaused: 'only a paused algorithm can be resumed (this one is {state})',
    notFound: 'no such algorithm on this profile',
    closed: 'the terminal is closing',
    needs: '@:{kind} needs @:{field}',
    marketBuy:
      'a spot market buy is sized in the quote asset, so @:{kind} cannot buy an exact quantity: use a stop limit',
    marketOpen:
      'a futures market open is sized in money, not contracts, so @:{kind} cannot open an exact number of contracts: use a stop limit, or close',
    ocoSell: 'for a sell OCO the limit price ({limit}) must be above the trigger ({trigger})',
    ocoBuy: 'for a buy OCO the limit price ({limit}) must be below the trigger ({trigger})',
    trailRange: 'the trail must be above 0 and below 100 percent',
    notSaved: 'the algorithm could not be saved ({error}); nothing was sent',
    bracketBuy:
      'for a buy bracket the take profit ({takeProfit}) must be above the entry ({entry}) and the stop loss trigger ({trigger}) below it',
    bracketSell:
      'for a sell bracket the take profit ({takeProfit}) must be below the entry ({entry}) and the stop loss trigger ({trigger}) above it',
    visibleAbove: 'the visible quantity ({visible}) cannot be more than the total ({total})',
    symbolOfModule:
      '{symbol} is not a market of this module (spot: a symbol like btcusdt; futures: a contract like E-BTC-USDT)',
    futuresOnly: 'open or close and the margin mode are futures fields: a spot algorithm takes neither',
    notOnFutures: '@:{kind} does not run on futures',
    bracketOpens: 'a futures bracket opens a position (OPEN): its take profit and stop loss close what it opened',
    positionUnread:
      'the position on {contract} could not be read (@:{cause}), so a closing algorithm cannot be checked against it; nothing was sent',
    closeAboveLong:
      'the total to close ({quantity}) is more than the long position on {contract} ({position} contracts)',
    closeAboveShort:
      'the total to close ({quantity}) is more than the short position on {contract} ({position} contracts)',
    futuresOpen: 'a futures algorithm needs to say whether it opens or closes a position',
    futuresMargin: 'a futures algorithm needs its margin mode (cross or isolated)',
    twapSlices: '{slices} slices in {seconds} seconds: slices must be at least a second apart',
    scaledRange: 'the range of a scaled order needs two different prices (both are {price})',
    scaledWeights: 'with a size factor of {factor} some of the {orders} sizes would be 0 or less',
    scaledNarrow: 'the range is too narrow for {orders} different prices with {decimals} decimals',
    scaledSmall: 'the total is too small for {orders} orders with {decimals} size decimals',
    scaledSpread:
      'with a size factor of {factor} over {orders} orders the sizes would differ too much (at most 10^12 times)',
    chaseBound: 'a chase needs a limit price, a maximum distance, or both: how far it may follow',
    distanceRange: 'the maximum distance must be above 0 and below 100 percent',
    editEnded: 'only a running or paused algorithm can be edited (this one is {state})',
    notEditable: '@:{field} of @:{kind} cannot change while it runs (cancel it and start a new one)',
    editNothing: 'nothing to change: the values are the ones it runs with',
    editInFlight:
      'order {order} of this algorithm has no known outcome yet: it is reconciled first; try again in a moment',
    editFired: 'its stop already fired (at {price}): nothing of it can change now',
    editFires:
      'the last price {price} is already past the trigger {trigger}: it would fire at once at the market; cancel the algorithm and place the order instead',
    editFiresLimit:
      'the last price {price} is already past the trigger {trigger}: it would fire at once (its limit order sent now); cancel the algorithm and place the order instead',
    quantityDecimals: 'the total {quantity} has more decimals than this market takes ({decimals})'
  },
  keptAsideTitle: 'Some algorithms could not be read',
  keptAside:
    'The algorithms file could not be read whole ({reason}); the algorithms that could be read go on. The file was kept aside as {path}: check the venue for orders of the others.'
}

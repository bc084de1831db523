// The price ladder (panels/market/PriceLadder.vue): a fixed ladder of price levels around the market, the book's sizes
// and the trader's own orders per level; click to place or cancel, drag to move.
export const ladder = {
  title: 'Ladder',
  views: 'Book or ladder',
  order: 'Ladder order',
  group: 'Price step of a row',
  /** A grouping choice: the price step a row spans first (what a trader reads), then how many ticks that is. */
  groupOption: '{step} a row ({n} ticks)',
  groupOptionOne: '{step} a row (1 tick)',
  groupDefault:
    'picked from the book: the finest that shows the touch and the next two levels of each side. Pick one to keep it for this market',
  groupPicked: 'your pick for this market, kept while the window is open',
  beyond: 'not known: the feed sends the top {n} levels a side, and this level lies past them (the book may hold more)',
  recentre: 'Centre',
  recentreTitle: 'Centre the ladder on the market (key C)',
  auto: 'Auto-centre',
  autoTitle: 'Keep the ladder centred on the market (it holds still while the pointer is over it)',
  size: 'Size ({unit})',
  sizeTitle: 'The size a click places on this market (saved per market, shared with one-click trading)',
  sizeUnsaved: 'The size field does not hold the saved size ({size}): mend it or press Enter first.',
  sizeSaved: 'Ladder size for {market}: {size} {unit}',
  sizeSavedNote: 'saved',
  noSize: 'No size for {market}: type one in the ladder’s size field first.',
  /** Own-order columns read short (a docked ladder is narrow); their titles say them whole. */
  cols: {
    buys: 'Mine',
    bid: 'Bid',
    price: 'Price',
    ask: 'Ask',
    sells: 'Mine'
  },
  colTitles: { buys: 'My buy orders at each level', sells: 'My sell orders at each level' },
  own: {
    buy: 'B',
    sell: 'S',
    cancelling: 'cancelling',
    arriving: 'moving here…',
    arrivingTitle:
      'Your order is being moved to this level: shown here until the venue has cancelled the old one and placed the new one',
    words: '{count} own {side} orders, {remaining} still open',
    buySide: 'buy',
    sellSide: 'sell'
  },
  lastWords: 'last trade {price}',
  cell: {
    bid: 'Click or Enter: buy limit {size} {unit} at {price} (asks first unless one-click trading is armed)',
    ask: 'Click or Enter: sell limit {size} {unit} at {price} (asks first unless one-click trading is armed)',
    own: 'Click or Enter: cancel {n} order(s) at {price}; drag to another level to move it',
    noSize: 'Type a size above to place here'
  },
  stale: 'The book is {state}: clicks are refused until it is live again.',
  sending: 'An order from this level is on its way: the next click waits for its answer',
  staleRefused: 'The book is not live ({state}): nothing sent.',
  loading: 'Waiting for the book…',
  empty: 'No price yet for this market.',
  notHere: 'Trade from the ladder in the main window (this one shows the book only).',
  notHerePanel: "Trade from the ladder of the window's main market (this panel shows the book only).",
  cancelled: '{n} order(s) cancelled at {price}',
  cancelFailed: 'Cancel from the ladder failed',
  moveOne: 'Move one order at a time: {n} orders rest at {price}. Cancel or move them in Orders.',
  dragging: 'Moving to {price}: release to move, Esc to stop',
  dragStopped: 'Move stopped: nothing sent.',
  keys: 'Arrow keys: level and column; Enter: place or cancel; C: centre; Page Up/Down: scroll'
}

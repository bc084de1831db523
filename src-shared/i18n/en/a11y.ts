// Words for assistive technology and the accessibility settings: names of controls that show no words of their own,
// and the palette of up and down.
export const a11y = {
  orderShare: 'Share of the available amount',
  picked: 'Into the order form: {row}',
  tape: {
    label: 'Trades: arrow keys choose a trade, Enter puts its price in the order form',
    trade: '{side} {price}, size {size}, at {time}',
    buy: 'Buy',
    sell: 'Sell'
  },
  book: {
    asks: 'Asks: arrow keys choose a level, Enter puts its price in the order form',
    bids: 'Bids: arrow keys choose a level, Enter puts its price in the order form',
    level: '{side} {price}, size {size}, total {total}',
    ask: 'Ask',
    bid: 'Bid',
    last: 'Last trade {price}: Enter puts it in the order form'
  },
  palette: {
    label: 'Colours of up and down',
    hint: 'Buy and price rises, sell and price falls: every one also has an arrow or a word.',
    options: {
      standard: 'Green and red',
      'blue-orange': 'Blue and orange (colour-blind safe)'
    }
  }
}

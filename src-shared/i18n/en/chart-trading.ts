// Trading from the chart: moving an order (trading.moveOrder, src-main/orders/order-move.ts) and the chart's drags
// and price menu (src-renderer/src/charts/order-drag.ts, panels/market/ChartContextMenu.vue).
export const chartTrading = {
  drag: {
    legMoved: '{kind} moved to {price}',
    legRefused: '{kind} not moved',
    to: 'Move to {price}',
    offAxis: 'Off the price axis: release to leave the order where it is',
    moving: 'Moving to {price}…',
    cancelled: 'Drag cancelled: the order stays where it is',
    refused: 'The order was not moved'
  },
  menu: {
    label: 'Order at {price}',
    refused: 'No order from the chart',
    otherMarket: 'This chart is not the market of the order form: select it in the market list first',
    actions: {
      'buy-limit': 'Buy limit at {price}',
      'sell-limit': 'Sell limit at {price}',
      'buy-stop': 'Buy stop at {price}',
      'sell-stop': 'Sell stop at {price}'
    },
    /** "Algorithm here…" (spot): items that fill the order form's Algo tab, sent only from its confirmation. */
    algoGroup: 'Algorithm here…',
    algo: {
      'stop-limit': '{side} stop limit, trigger {price}…',
      'trailing-stop': '{side} trailing stop, {pct} % behind…',
      oco: '{side} OCO, stop {price}…',
      bracket: '{side} bracket, entry {price}…'
    },
    algoFilled: 'The order form’s Algo tab now holds this {kind}: review it and confirm there'
  },
  move: {
    busy: 'order {order} is already being moved; wait for that move to finish',
    unread: 'order {order} could not be read (@:{reason}); nothing was sent',
    limitOnly: 'only limit orders can be moved: order {order} is not a limit order; nothing was sent',
    notOpen: 'order {order} is not open (it is {status}); nothing was sent',
    samePrice: 'order {order} is already at {price}; nothing was sent',
    fillUnread: 'how much of order {order} filled could not be read (@:{reason})',
    outcome: {
      moved: 'Order moved to {price}',
      'moved-smaller': 'Order moved to {price} for the {volume} still open ({filled} filled before the cancel)',
      filled: 'Order {order} filled ({filled}) before it could be moved: nothing was placed',
      'not-canceled': 'Order {order} was not moved: the cancel did not take effect, the order stays where it was',
      'cancel-unknown':
        'Order {order} was not moved: whether its cancel took effect is not known, so nothing was placed; check the order on the venue',
      'fill-unread':
        'Order {order} was cancelled, but how much of it filled could not be read: no new order was placed',
      'place-rejected': 'Order {order} was cancelled, but the new order at {price} was refused: no order is live',
      'place-unknown': 'Order {order} was cancelled; the new order at {price} is still being checked with the venue',
      'place-undetermined':
        'Order {order} was cancelled; whether the new order at {price} was placed cannot be told: check the venue'
    }
  }
}

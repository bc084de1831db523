// The account's orders and positions: open orders, order and trade history, trigger orders, positions and their
// row actions.
export const orders = {}

// The keyboard map, trading hotkeys and one-click trading: Settings › Shortcuts, the top bar's arming switch, the
// book's tooltip, and what a hotkey tells (src-renderer/src/hotkeys/).
export const hotkeys = {
  actions: {
    search: 'Search markets',
    module1: 'Spot tab',
    module2: 'Margin tab',
    module3: 'Futures tab',
    popOut: 'Pop the current market out into its own window',
    monitor: 'Open the monitor window',
    theme: 'Switch between dark and light theme',
    settings: 'Settings',
    buyBid: 'Buy at the best bid (limit)',
    sellAsk: 'Sell at the best ask (limit)',
    buyMarket: 'Buy at market',
    sellMarket: 'Sell at market',
    cancelAll: 'Cancel all orders on this market',
    closePosition: 'Close the position at market',
    reversePosition: 'Reverse the position',
    flatten: 'Flatten everything (close every position)'
  },
  contracts: 'contracts',
  oneClick: 'One-click trading',
  refused: '{action}: nothing sent',
  notArmed: 'Trading hotkeys are not armed. Arm them with the switch in the top bar.',
  noSize: 'No size preset for {market}. Set one in Settings › Shortcuts.',
  noBest: 'No best price on {market} yet: the order book has not arrived.',
  noPositionsSpot: 'Spot and margin hold balances, not positions: nothing to close on {market}.',
  noPosition: 'No open position on {market}.',
  noPositions: 'No open positions.',
  twoSides: '{market} holds a long and a short: reverse one from the Positions table.',
  otherMarket: 'This book is not the selected market: select its market first.',
  inFlight: 'The last order ({side} at {price}) is still on its way: nothing sent until its answer comes.',
  asked: 'An order ({side} at {price}) is waiting for its confirmation: answer it first.',
  buy: 'buy',
  sell: 'sell',
  atMarket: 'market',
  cancelled: 'Cancel requests sent on {market}: {n}',
  ask: {
    cancelAll: 'Cancel every open order on {market}?',
    closePosition: 'Close the {market} position ({volume} contracts) at market?',
    reversePosition: 'Reverse the {market} position ({volume} contracts): close it, then open the other side?',
    // `n` chooses the form.
    flatten: 'Close the {n} open position at market? | Close all {n} open positions at market?',
    flattenAlgos:
      '{n} algorithm still runs on these contracts and may open a position again. | {n} algorithms still run on these contracts and may open a position again.',
    flattenCloseAlgos:
      '{n} close-only algorithm still runs on these contracts: it cannot open a position, and once they are closed there is nothing left for it to close. | {n} close-only algorithms still run on these contracts: they cannot open a position, and once they are closed there is nothing left for them to close.'
  },
  askHint: 'This confirmation can be turned off per action in Settings › Shortcuts.',
  yes: 'Confirm',
  no: 'Cancel',
  top: {
    armed: 'ARMED: hotkeys trade',
    disarmed: 'Trading hotkeys off',
    armTitle: 'Arm trading hotkeys and one-click trading in the order book',
    disarmTitle: 'Disarm: trading hotkeys and book clicks place nothing'
  },
  book: {
    armedBid: 'One-click trading ARMED: a click on a bid places a BUY limit at its price, size {size} {unit}',
    armedAsk: 'One-click trading ARMED: a click on an ask places a SELL limit at its price, size {size} {unit}',
    noSize: '(no preset: set one in Settings)',
    disarmed: 'Click a level to put its price in the order form'
  },
  settings: {
    armHint:
      'Trading hotkeys and one-click trading in the order book act only while armed from the top bar (off at every start). Orders go through the order form: its rules, guards and confirmation.',
    groups: { frame: 'Frame', trading: 'Trading (only while armed)', fixed: 'Fixed keys' },
    pressKeys: 'Press the new keys… (Esc: cancel)',
    none: 'none',
    change: 'Change',
    clear: 'Clear',
    reset: 'Reset',
    resetAll: 'Reset all to defaults',
    askFirst: 'Ask first',
    conflict: '{keys} is already the key of “{other}”. Nothing is changed until you choose.',
    take: 'Give it to “{action}” (the other is left without a key)',
    keep: 'Keep both as they were',
    sizes: 'Size presets',
    sizesHint:
      'What a trading hotkey or a click in the book sends on each market: base units, or contracts on futures.',
    sizeFor: '{market} ({unit})',
    saveSize: 'Save',
    removeSize: 'Remove',
    sizePositive: 'The size must be greater than 0.'
  }
}

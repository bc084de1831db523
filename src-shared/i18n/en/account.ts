// Balances, transfers between wallets, deposits and withdrawals.
export const account = {
  tabs: { label: 'account', balances: 'Balances', futures: 'Futures account', funds: 'Deposits & withdrawals' },
  // The parts of the account poll whose last read failed.
  stale: 'stale: {parts}',
  parts: {
    balances: 'balances',
    openOrders: 'open orders',
    futuresOpenOrders: 'futures open orders',
    futuresAccount: 'futures account'
  },
  balances: {
    hideSmall: 'Hide < 1 USDT',
    asset: 'Asset',
    free: 'Free',
    locked: 'Locked',
    total: 'Total',
    value: 'Value (USDT)',
    loading: 'Loading balances…'
  },
  funds: {
    deposits: 'Deposits',
    withdrawals: 'Withdrawals',
    coin: 'Coin',
    coinLabel: 'coin',
    statusLabel: 'status',
    fromLabel: 'from',
    toLabel: 'to',
    anyStatus: 'Any status',
    search: 'Search',
    amount: 'Amount (coin)',
    fee: 'Fee (coin)',
    address: 'Address',
    txid: 'Txid',
    none: { deposits: 'No deposits match', withdrawals: 'No withdrawals match' }
  },
  futures: {
    wallet: 'Wallet',
    equity: 'Equity',
    unrealized: 'Unrealized',
    realized: 'Realized',
    crossMargin: 'Cross margin',
    isolated: 'Isolated',
    marginRate: 'Margin rate',
    loading: 'Loading the futures account…'
  },
  transfer: {
    title: 'Transfer',
    rsaSet: 'RSA key set',
    rsaNone: 'No RSA key',
    rsaChecking: 'checking RSA key…',
    from: 'From',
    to: 'To',
    swap: 'Swap direction',
    amount: 'Amount',
    amountLabel: 'amount',
    max: 'Max',
    available: 'Available in {wallet}:',
    transferring: 'Transferring…',
    submit: 'Transfer to {wallet}',
    wallet: 'Futures wallet',
    balance: 'Balance',
    availableCol: 'Available',
    session: 'Transfers this session',
    // The venue signs its futures wallet read as it signs transfers (RSA): without the key it cannot be read here.
    walletNeedsRsa: 'The futures wallet can be read only with an RSA key (Account › Futures shows the margin account)',
    walletEmpty: 'No coins in the futures wallet',
    // One transfer of this session: `from` and `to` are the wallets, `outcome` done or failed, `text` the id or why.
    result: '{from} → {to} {amount} {coin}: {outcome} · {text}',
    done: 'done',
    failed: 'failed',
    failedToast: 'Transfer failed',
    id: 'transfer {id}',
    confirmedFromRecords: 'transfer confirmed from the exchange records',
    // Refusals before anything is sent.
    unavailable: 'transfers are not available',
    chooseCoin: 'choose a coin',
    amountPositive: 'the amount must be a number greater than 0',
    tooMuch: '{amount} {coin} is more than the {free} {coin} available',
    // The amount as the shared number rules name it in a refusal (`@:{what}`).
    what: 'the amount'
  }
}

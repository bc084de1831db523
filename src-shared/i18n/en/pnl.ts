// PnL analytics: the PnL panel (panels/PnlPanel.vue): realized PnL per day, the equity curve, fees, results per market.
export const pnl = {
  title: 'PnL',
  refresh: 'Refresh',
  loading: 'Reading your fills…',
  failed: 'The PnL could not be read: {error}',
  empty: 'No closed trades on this profile yet: PnL is counted when a position is sold or closed.',
  asset: 'In',
  readAt: 'Read at {time}',
  dayBoundary:
    'Days are UTC days (from 00:00 UTC). Spot and margin: FIFO cost basis over your own fills; futures: the venue’s realized PnL of each closing fill. Fees are costs of the trade they belong to.',
  summary: {
    realized: 'Realized PnL',
    winRate: 'Win rate',
    wins: 'Wins / losses',
    avgWin: 'Average win',
    avgLoss: 'Average loss'
  },
  charts: {
    daily: 'Realized PnL per day (UTC)',
    equity: 'Equity ({asset})',
    equityNote: 'Sampled by the app every {minutes} min, also with every window closed; kept on this computer.',
    equityEmpty: 'No equity sample yet.',
    unpriced: 'Not in the total (no {asset} market): {assets}'
  },
  tables: {
    days: 'Per day',
    markets: 'Per market',
    fees: 'Fees paid',
    day: 'Day (UTC)',
    market: 'Market',
    closes: 'Closes',
    realized: 'Realized',
    feesCol: 'Fees',
    unmatched: 'Sold with no known buy',
    assetCol: 'Asset',
    amount: 'Amount'
  },
  notes: {
    unmatched:
      '{qty} of {market} was sold with no buy in the history read (bought before it, or a margin short): its PnL is not counted.',
    feesNotInPnl: 'Fees in {assets} have no price here: they are listed as paid but not taken from the PnL.',
    truncated: 'More fills than read for {markets}: the newest are left out.',
    failed: 'Not read: {market} ({error}).',
    breakeven: 'A close of exactly zero and one with an unknown part count as neither a win nor a loss.'
  },
  csv: {
    days: 'CSV per day',
    markets: 'CSV per market',
    closes: 'CSV closes',
    equity: 'CSV equity'
  }
}

// The venue's enum names (CLOSING_PNL, PARTIALLY_FILLED, PENDING_REVIEW, BUY) in words for tables and messages; CSV
// exports keep the venue's names. A name not listed reads as its words in sentence case, never as the raw constant.
const WORDS: Record<string, string> = {
  // capital flow
  TRANSFER_IN: 'Transfer in',
  TRANSFER_OUT: 'Transfer out',
  LIQUIDATION: 'Liquidation',
  FUNDING_FEE: 'Funding fee',
  OPEN_FEE: 'Opening fee',
  CLOSE_FEE: 'Closing fee',
  CLOSING_PNL: 'Closing PnL',
  // order statuses
  INIT: 'Pending',
  NEW: 'Open',
  PARTIALLY_FILLED: 'Partially filled',
  FILLED: 'Filled',
  CANCELED: 'Canceled',
  PENDING_CANCEL: 'Canceling',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
  // deposits and withdrawals
  UNCONFIRMED: 'Unconfirmed',
  COMPLETED: 'Completed',
  ABNORMAL: 'Abnormal',
  PENDING_REVIEW: 'In review',
  APPROVED: 'Approved',
  PAYING: 'Sending',
  PAYMENT_FAILED: 'Sending failed',
  REVOKED: 'Revoked',
  // sides, position actions and order types
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
}

/** "CLOSING_PNL" -> "Closing PnL"; an unknown "SOME_NEW_THING" -> "Some new thing". */
export function enumWords(name: string | null | undefined): string {
  if (!name) return '–'
  const known = WORDS[name.toUpperCase()]
  if (known) return known
  if (!/^[A-Z][A-Z0-9_]*$/.test(name)) return name // already words (or a venue's own text): as sent
  const words = name.toLowerCase().replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

// PnL analytics of one profile (src-main/services/pnl-service.ts over src-shared/trading/pnl.ts), and its equity
// curve sampled by main (src-main/services/equity-sampler.ts). Money is exact decimal text, times ms.
import type { PnlReport } from '../../trading/pnl'
import type { DecimalText, Millis } from './common'

export interface PnlReportView extends PnlReport {
  profileId: string
  /** When main read the fills. */
  at: Millis
  /** Markets whose fills were more than main reads (the oldest are left out: their sells may show as unmatched). */
  truncated: string[]
  /** Markets whose fills could not be read, with the reason in English (their figures are missing, said). */
  failed: { market: string; message: string }[]
}

export interface EquitySampleView {
  at: Millis
  /** The account's spot balances and futures equity, valued in `asset`. */
  total: DecimalText
  /** Assets held that have no market in `asset`: not in the total. */
  unpriced: string[]
}

export interface EquityView {
  profileId: string
  /** The quote asset the totals are in. */
  asset: string
  intervalMs: number
  /** Oldest first; at most a bounded number are kept (the oldest go). */
  samples: EquitySampleView[]
}

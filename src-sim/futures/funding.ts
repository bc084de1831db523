// Funding. At every multiple of the funding interval since the epoch (default 8 h, --funding-interval-ms), each
// position pays or receives qty * round(value of one contract at mark * rate): longs pay shorts when the rate is
// positive. One rounded amount per contract for everyone, and as many long as short contracts exist, so the
// payments of a settlement sum to exactly zero. Cross positions pay from the wallet, isolated from their margin.
// rate = premium + clamp(0.01 % - premium, -0.05 %, +0.05 %), clamped to +-0.75 %, premium = (mark - index) / index,
// in units of 10^-8 (the index endpoint's lastFundingRate shows the running interval's rate).
import { achievedAdd, historyAdd, recordFlow, walletAdd } from './accounts'
import { E8, roundDiv } from './money'
import type { FuturesView } from './futures-view'

export const INTEREST_E8 = 10_000n
export const PREMIUM_BAND_E8 = 50_000n
export const RATE_CAP_E8 = 750_000n

const clamp = (x: bigint, lo: bigint, hi: bigint): bigint => (x < lo ? lo : x > hi ? hi : x)

export function fundingRate(index: number, mark: number): bigint {
  if (index <= 0) return 0n
  const premium = roundDiv(BigInt(mark - index) * E8, BigInt(index))
  return clamp(premium + clamp(INTEREST_E8 - premium, -PREMIUM_BAND_E8, PREMIUM_BAND_E8), -RATE_CAP_E8, RATE_CAP_E8)
}

/** True when a tick at `time` has funding work: a settlement due, or the next one to (re)schedule. */
export function fundingDue(v: FuturesView, time: number, intervalMs: number): boolean {
  const interval = Math.max(1, Math.floor(intervalMs))
  return v.nextFunding === 0 || v.nextFunding - time > interval || time >= v.nextFunding
}

/** Settles funding when a boundary has passed; schedules the next one. */
export function maybeSettleFunding(v: FuturesView, time: number, intervalMs: number): void {
  if (!fundingDue(v, time, intervalMs)) return
  // Due, and not merely (re)scheduled: a boundary was set and has passed (a boundary too far ahead is only moved).
  const settles = v.nextFunding !== 0 && time >= v.nextFunding
  const interval = Math.max(1, Math.floor(intervalMs))
  v.scheduleFunding(Math.floor(time / interval) * interval + interval)
  if (settles) settleFunding(v, time)
}

export function settleFunding(v: FuturesView, time: number): void {
  const accounts = [...v.accounts.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  for (const c of v.contracts.values()) {
    const m = v.market.get(c.symbol)!
    m.appliedRateE8 = m.fundingRateE8
    const perContract = roundDiv(c.unit(m.mark) * m.fundingRateE8, E8)
    if (perContract === 0n) continue
    for (const acc of accounts) {
      for (const p of acc.positions.values()) {
        if (p.contract !== c.symbol) continue
        const pay = (p.side === 'BUY' ? 1n : -1n) * perContract * BigInt(p.qty)
        if (p.positionType === 2) p.margin -= pay
        else walletAdd(acc, c.coin, -pay)
        p.capitalFee += pay
        achievedAdd(acc, c.coin, -pay)
        historyAdd(acc, c.symbol, p.side, -pay)
        recordFlow(v.records, acc, { contract: c.symbol, coin: c.coin, type: '5', amount: -pay, time })
      }
    }
  }
}

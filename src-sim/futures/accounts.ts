// Futures accounts: creation, wallet moves with their capital-flow records, and per-contract settings
// (position model, margin model, leverage). Defaults: one-way, cross, the contract's default leverage.
import type { Contract } from './contract'
import type { FuturesRecords } from './records'
import type { ContractSettings, FuturesAccount, MarginMode, PosKey, Side } from './types'

export const INSURANCE = 'insurance-fund'

export function newAccount(id: string, tracked: boolean, system = false): FuturesAccount {
  return {
    id,
    system,
    tracked,
    wallet: new Map(),
    lock: new Map(),
    achieved: new Map(),
    settings: new Map(),
    positions: new Map(),
    historyRealized: new Map()
  }
}

const bump = (m: Map<string, bigint>, k: string, d: bigint): void => {
  if (d !== 0n) m.set(k, (m.get(k) ?? 0n) + d)
}

export function walletAdd(acc: FuturesAccount, coin: string, delta: bigint): void {
  bump(acc.wallet, coin, delta)
}

export function lockAdd(acc: FuturesAccount, coin: string, delta: bigint): void {
  bump(acc.lock, coin, delta)
}

export function achievedAdd(acc: FuturesAccount, coin: string, delta: bigint): void {
  bump(acc.achieved, coin, delta)
}

export function historyAdd(acc: FuturesAccount, contract: string, side: Side, delta: bigint): void {
  bump(acc.historyRealized, `${contract}|${side}`, delta)
}

/** Writes a capital-flow record (users only; nothing for a zero amount). */
export function recordFlow(
  records: FuturesRecords,
  acc: FuturesAccount,
  f: { contract: string; coin: string; type: string; amount: bigint; time: number }
): void {
  if (!acc.tracked || f.amount === 0n) return
  records.flow(acc.id, { ...f, balance: acc.wallet.get(f.coin) ?? 0n })
}

export function defaultSettings(c: Contract): ContractSettings {
  return { positionModel: 1, marginModel: 1, lever: [c.cfg.defaultLeverage, c.cfg.defaultLeverage] }
}

/** Settings as they stand (defaults when never changed); read-only use. */
export function settingsOf(acc: FuturesAccount | undefined, c: Contract): ContractSettings {
  return acc?.settings.get(c.symbol) ?? defaultSettings(c)
}

export function ensureSettings(acc: FuturesAccount, c: Contract): ContractSettings {
  let s = acc.settings.get(c.symbol)
  if (!s) acc.settings.set(c.symbol, (s = defaultSettings(c)))
  return s
}

export function leverageOf(acc: FuturesAccount | undefined, c: Contract, mode: MarginMode): number {
  return settingsOf(acc, c).lever[mode - 1]!
}

/** The position an order works on: one-way BOTH; hedge LONG for OPEN BUY / CLOSE SELL, else SHORT. */
export function positionKey(model: 1 | 2, side: Side, action: 'OPEN' | 'CLOSE'): PosKey {
  if (model === 1) return 'BOTH'
  return (side === 'BUY') === (action === 'OPEN') ? 'LONG' : 'SHORT'
}

export const posId = (contract: string, key: PosKey): string => `${contract}|${key}`

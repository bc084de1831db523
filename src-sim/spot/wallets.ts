// The spot side's wallets in the engine's ledger: a user's spot wallet is the engine account of its id, its margin
// wallet a second engine account beside it; every asset is kept at one scale.
import type { Wallet } from './commands'

/** Ledger scale of every asset: enough decimals for any symbol's quantity and notional. */
export const ASSET_SCALE = 8

export function engineAccount(account: string, wallet: Wallet): string {
  return wallet === 'spot' ? account : `${account}:margin`
}

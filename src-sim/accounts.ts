// Making and funding accounts of the embedded exchange (CLI key pairs, the paper account, the control API).
import { SPOT_MARKETS } from './config/spot-markets'
import type { CreateAccountCmd, SpotCommand, Wallet } from './spot/commands'
import type { Credential } from './http/auth'
import type { AccountInfo, SpotState, SpotResult } from './spot/spot-state'
import type { SimContext } from './context'

/** What a funded account starts with: 100,000 USDT and 10 of every base asset; 10,000 USDT of margin collateral. */
export const STARTING_FUNDS: readonly { asset: string; amount: string; wallet: Wallet }[] = [
  { asset: 'USDT', amount: '100000', wallet: 'spot' },
  ...SPOT_MARKETS.map((m) => ({ asset: m.baseAsset, amount: '10', wallet: 'spot' as const })),
  { asset: 'USDT', amount: '10000', wallet: 'margin' }
]

/** Futures wallet of the accounts the exchange starts with (the paper account, or one per --api-key pair). */
export const STARTING_FUTURES_FUNDS: readonly { coin: string; amount: string }[] = [
  { coin: 'USDT', amount: '10000' },
  { coin: 'BTC', amount: '1' }
]

export function newAccountCommand(
  spot: SpotState,
  a: {
    apiKey: string
    secret: string
    rsaPublicKey?: string
    unlimited?: boolean
    bot?: boolean
    time: number
    id?: string
  }
): CreateAccountCmd {
  const id = a.id ?? `u${spot.accounts.size + 1}`
  return {
    t: 'account',
    id,
    apiKey: a.apiKey,
    secret: a.secret,
    ...(a.rsaPublicKey ? { rsaPublicKey: a.rsaPublicKey } : {}),
    ...(a.unlimited ? { unlimited: true } : {}),
    ...(a.bot ? { bot: true } : {}),
    time: a.time
  }
}

export async function fundAccount(
  commit: (c: SpotCommand) => Promise<SpotResult>,
  account: string,
  time: number
): Promise<void> {
  for (const f of STARTING_FUNDS) {
    await commit({
      t: 'deposit',
      account,
      wallet: f.wallet,
      asset: f.asset,
      amount: f.amount,
      txid: `sim-fund-${account}-${f.wallet}-${f.asset}`,
      time
    })
  }
}

/**
 * Every wallet, as the accounts the exchange starts with get it: they trade spot, margin and futures from the start.
 */
export async function fundEveryWallet(commit: SimContext['commit'], account: string, time: number): Promise<void> {
  await fundAccount(commit, account, time)
  for (const f of STARTING_FUTURES_FUNDS)
    await commit({ t: 'futures.deposit', account, coin: f.coin, amount: f.amount, time })
}

const credentials = new WeakMap<AccountInfo, Credential>()

/**
 * The credential of an account, made once per account rather than once per signed request. It is made anew
 * whenever a field it copies has changed since (an 'rsaKey' command sets rsaPublicKey on the account in place);
 * an account that leaves the exchange (a restored state) is simply no longer looked up, and its entry goes with it.
 */
export function credentialOf(a: AccountInfo): Credential {
  const c = credentials.get(a)
  if (
    c &&
    c.apiKey === a.apiKey &&
    c.secret === a.secret &&
    c.accountId === a.id &&
    c.rsaPublicKey === a.rsaPublicKey &&
    c.unlimited === a.unlimited
  )
    return c
  const made: Credential = {
    apiKey: a.apiKey,
    secret: a.secret,
    accountId: a.id,
    rsaPublicKey: a.rsaPublicKey,
    unlimited: a.unlimited
  }
  credentials.set(a, made)
  return made
}

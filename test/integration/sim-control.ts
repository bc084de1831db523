// The embedded exchange's control API (/sim/v1, bearer control token) as the integration and e2e tests drive it:
// accounts, credits, prices, the market bots.
import type { RunningExchange } from '../../src-sim/exchange'

/** POSTs `body` to /sim/v1/<path>; anything but a 200 throws with the exchange's answer. */
export async function control(e: RunningExchange, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${e.url}/sim/v1/${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${e.controlToken}` }
  })
  const json = (await res.json()) as Record<string, unknown>
  if (res.status !== 200) throw new Error(`control ${path}: ${JSON.stringify(json)}`)
  return json
}

export interface SimAccount {
  accountId: string
  apiKey: string
  apiSecret: string
}

export interface Credit {
  asset: string
  amount: string
  /** The spot wallet unless named. */
  wallet?: 'spot' | 'margin' | 'futures'
}

/** Credits the account of `apiKey` with `c`. */
export async function credit(e: RunningExchange, apiKey: string, c: Credit): Promise<void> {
  await control(e, 'credit', { apiKey, ...c })
}

/** A new account on the exchange, credited with each of `credits`. */
export async function newAccount(e: RunningExchange, credits: readonly Credit[] = []): Promise<SimAccount> {
  const { accountId, apiKey, apiSecret } = (await control(e, 'accounts', {})) as unknown as SimAccount
  for (const c of credits) await credit(e, apiKey, c)
  return { accountId, apiKey, apiSecret }
}

/**
 * Places a spot order of `account` straight into the exchange's engine (no REST, no keys): a test's market maker or
 * counterparty. A MARKET order takes no price.
 */
export async function placeAs(
  e: RunningExchange,
  account: string,
  o: { symbol: string; side: 'BUY' | 'SELL'; type: 'LIMIT' | 'MARKET'; volume: string; price?: string }
): Promise<void> {
  await e.sim.commit({ t: 'place', account, wallet: 'spot', time: e.sim.clock(), ...o })
}

/** Steers the market bots' price of `symbol` (a contract through its spot market; market activity must be on). */
export async function steer(e: RunningExchange, symbol: string, price: string): Promise<void> {
  await control(e, 'price', { symbol, price })
}

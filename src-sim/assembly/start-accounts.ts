// Assembly step: the accounts a start is given. One per --api-key pair (made and funded on first start, its RSA key
// updated when the file changed); with none, the first user account, made now on a fresh exchange.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fundEveryWallet, newAccountCommand } from '../accounts'
import type { SimContext } from '../context'
import type { StartOptions } from '../options'

export interface StartAccount {
  apiKey: string
  apiSecret: string
  accountId: string
}

export async function startAccounts(
  sim: SimContext,
  opts: Pick<StartOptions, 'keys' | 'unlimitedKeys'>
): Promise<StartAccount[]> {
  const accounts: StartAccount[] = []
  const make = async (apiKey: string, secret: string, rsaPublicKey?: string): Promise<string> => {
    const cmd = newAccountCommand(sim.spot, {
      apiKey,
      secret,
      rsaPublicKey,
      unlimited: opts.unlimitedKeys,
      time: sim.clock()
    })
    await sim.commit(cmd)
    await fundEveryWallet(sim.commit, cmd.id, sim.clock())
    return cmd.id
  }
  for (const k of opts.keys ?? []) {
    const rsa = k.rsaPublicKeyFile ? readFileSync(k.rsaPublicKeyFile, 'utf8') : undefined
    const known = sim.spot.byApiKey.get(k.apiKey)
    if (known) {
      if (known.secret !== k.apiSecret)
        throw new Error(`--api-key ${k.apiKey} exists in the data dir with another secret`)
      if (rsa && known.rsaPublicKey !== rsa)
        await sim.commit({ t: 'rsaKey', apiKey: k.apiKey, rsaPublicKey: rsa, time: sim.clock() })
      accounts.push({ apiKey: k.apiKey, apiSecret: k.apiSecret, accountId: known.id })
      continue
    }
    accounts.push({ apiKey: k.apiKey, apiSecret: k.apiSecret, accountId: await make(k.apiKey, k.apiSecret, rsa) })
  }
  if (accounts.length === 0) {
    const existing = [...sim.spot.accounts.values()].find((a) => !a.bot)
    if (existing) accounts.push({ apiKey: existing.apiKey, apiSecret: existing.secret, accountId: existing.id })
    else {
      const apiKey = randomBytes(16).toString('hex')
      const apiSecret = randomBytes(32).toString('hex')
      accounts.push({ apiKey, apiSecret, accountId: await make(apiKey, apiSecret) })
    }
  }
  return accounts
}

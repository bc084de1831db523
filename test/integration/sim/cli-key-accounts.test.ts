// Issue 13, item 13: an account made with --api-key is funded on every wallet (spot, margin collateral, futures)
// like the paper account (the one made when no key pair is given). The exchanges start with the options the CLI
// builds from its arguments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseExchangeArgs } from '../../../src-sim/cli/args'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import type { Wallet } from '../../../src-sim/spot/commands'
import { engineAccount } from '../../../src-sim/spot/spot-state'
import { clientsOf, type SimClient } from './harness'

let keyed: RunningExchange
let paper: RunningExchange

beforeAll(async () => {
  keyed = await startExchange(
    parseExchangeArgs([
      '--api-key',
      'cli-key-1',
      '--api-secret',
      'cli-secret-1',
      '--api-key',
      'cli-key-2',
      '--api-secret',
      'cli-secret-2',
      '--activity',
      'off'
    ])
  )
  paper = await startExchange(parseExchangeArgs(['--activity', 'off']))
})
afterAll(async () => {
  await keyed?.close()
  await paper?.close()
})

/** Every wallet of an account: spot and margin from the ledger, futures from GET /fapi/v1/account. */
async function wallets(
  ex: RunningExchange,
  c: SimClient
): Promise<{ spot: string[]; margin: string[]; futures: unknown }> {
  const ledger = (w: Wallet): string[] =>
    ex.spot.engine
      .balances(engineAccount(c.keys.accountId!, w))
      .filter((b) => b.free > 0n || b.locked > 0n)
      .map((b) => `${b.asset} ${b.free}/${b.locked}`)
      .sort()
  const futures = await c.signed('GET', '/futures/open/fapi/v1/account')
  expect(futures.status).toBe(200)
  return { spot: ledger('spot'), margin: ledger('margin'), futures: futures.body }
}

describe('--api-key accounts', () => {
  it('are funded on spot, margin and futures, as the README says', async () => {
    const [first] = clientsOf(keyed)
    expect((await first!.balances())['USDT']).toMatchObject({ free: '100000.00000000' })
    const futures = (await first!.signed('GET', '/futures/open/fapi/v1/account')).body.account as {
      marginCoin: string
      accountNormal: unknown
    }[]
    expect(Object.fromEntries(futures.map((a) => [a.marginCoin, Number(a.accountNormal)]))).toEqual({
      USDT: 10000,
      BTC: 1
    })
  })

  it('hold exactly what the paper account holds, every one of them', async () => {
    const paperWallets = await wallets(paper, clientsOf(paper)[0]!)
    expect(paperWallets.margin.length).toBeGreaterThan(0)
    for (const c of clientsOf(keyed)) expect(await wallets(keyed, c)).toEqual(paperWallets)
  })
})

// The embedded exchange's control API under /sim/v1, enabled by --control and never part of the catalog:
// provision funded accounts, credit funds (spot, margin or futures wallet, or the futures insurance fund), record
// withdrawals, register RSA keys, pause or steer prices (a futures contract is steered through the spot market
// of its base, which its index and mark follow).
// It listens on loopback only, like the exchange itself, and is meant for tests and the paper account.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fundAccount, newAccountCommand } from '../accounts'
import type { MarketActivity } from '../activity/market-activity'
import type { SimContext } from '../handlers/context'
import { ApiError, apiFail } from '../http/api-error'
import type { RouteExtension } from '../http/server'
import { INSURANCE } from '../futures/accounts'
import { moneyText } from '../futures/money'

type Body = Record<string, unknown>

function text(b: Body, name: string, required = true): string {
  const v = b[name]
  if (v === undefined || v === null || v === '') {
    if (required) apiFail('MANDATORY_PARAM', `Mandatory parameter '${name}' was not sent`)
    return ''
  }
  if (typeof v !== 'string') apiFail('MANDATORY_PARAM', `Parameter '${name}' must be a string`)
  return v
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const s = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(s) })
  res.end(s)
}

export function controlApi(sim: SimContext, activity: () => MarketActivity | null): RouteExtension {
  const accountOfKey = (apiKey: string): string => {
    const a = sim.venue.byApiKey.get(apiKey)
    if (!a) apiFail('UNAUTHORIZED', 'API key is not known')
    return a.id
  }
  const routes: Record<string, (b: Body) => Promise<unknown>> = {
    '/sim/v1/accounts': async (b) => {
      const apiKey = text(b, 'apiKey', false) || randomBytes(16).toString('hex')
      const apiSecret = text(b, 'apiSecret', false) || randomBytes(32).toString('hex')
      const rsaPublicKey = text(b, 'rsaPublicKey', false) || undefined
      const cmd = newAccountCommand(sim.venue, { apiKey, secret: apiSecret, rsaPublicKey, time: sim.clock() })
      await sim.commit(cmd)
      if (b['fund'] !== false) await fundAccount(sim.commit, cmd.id, sim.clock())
      return { accountId: cmd.id, apiKey, apiSecret }
    },
    '/sim/v1/credit': async (b) => {
      const wallet = text(b, 'wallet', false) || 'spot'
      if (wallet !== 'spot' && wallet !== 'margin' && wallet !== 'futures') apiFail('MANDATORY_PARAM', "Parameter 'wallet' must be spot, margin or futures")
      const time = sim.clock()
      const account = accountOfKey(text(b, 'apiKey'))
      if (wallet === 'futures') {
        await sim.commit({ t: 'futures.deposit', account, coin: text(b, 'asset').toUpperCase(), amount: text(b, 'amount'), time })
        return {}
      }
      const txid = `sim-credit-${account}-${time}-${randomBytes(4).toString('hex')}`
      await sim.commit({ t: 'deposit', account, wallet, asset: text(b, 'asset').toUpperCase(), amount: text(b, 'amount'), txid, time })
      return { txid }
    },
    '/sim/v1/withdraw': async (b) => {
      const account = accountOfKey(text(b, 'apiKey'))
      await sim.commit({
        t: 'withdraw',
        account,
        asset: text(b, 'asset').toUpperCase(),
        amount: text(b, 'amount'),
        fee: text(b, 'fee', false) || '0',
        address: text(b, 'address', false) || 'sim-external-address',
        time: sim.clock()
      })
      return {}
    },
    '/sim/v1/insurance': async (b) => {
      await sim.commit({ t: 'futures.deposit', account: INSURANCE, coin: text(b, 'asset').toUpperCase(), amount: text(b, 'amount'), time: sim.clock() })
      return { balance: moneyText(sim.futures.accounts.get(INSURANCE)?.wallet.get(text(b, 'asset').toUpperCase()) ?? 0n) }
    },
    '/sim/v1/rsa-key': async (b) => {
      await sim.commit({ t: 'rsaKey', apiKey: text(b, 'apiKey'), rsaPublicKey: text(b, 'publicKey'), time: sim.clock() })
      return {}
    },
    '/sim/v1/activity': async (b) => {
      const a = activity()
      if (!a) apiFail('MANDATORY_PARAM', 'Market activity is off (--activity off)')
      if (typeof b['paused'] !== 'boolean') apiFail('MANDATORY_PARAM', "Parameter 'paused' must be true or false")
      a.setPaused(b['paused'])
      return { paused: a.paused }
    },
    '/sim/v1/price': async (b) => {
      const a = activity()
      if (!a) apiFail('MANDATORY_PARAM', 'Market activity is off (--activity off); place orders to move prices')
      const asked = text(b, 'symbol')
      const contract = sim.futures.contracts.get(asked)
      const symbol = contract ? contract.cfg.indexSymbol : sim.venue.market(asked).symbol
      try {
        a.steer(symbol, text(b, 'price'))
      } catch (e) {
        apiFail('MANDATORY_PARAM', `Parameter 'price': ${(e as Error).message}`)
      }
      return { symbol, price: b['price'] }
    }
  }

  return async (req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<boolean> => {
    if (!url.pathname.startsWith('/sim/v1/')) return false
    const route = routes[url.pathname]
    try {
      if (!route || req.method !== 'POST') throw new ApiError(-1000, `Unknown control path: ${req.method} ${url.pathname}`, {}, 404)
      let body: Body = {}
      if (raw.length) {
        try {
          body = JSON.parse(raw.toString('utf8')) as Body
        } catch {
          apiFail('MANDATORY_PARAM', 'Request body is not valid JSON')
        }
      }
      reply(res, 200, await route(body))
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(-1000, (e as Error).message)
      reply(res, err.status, { code: err.code, msg: err.message })
    }
    return true
  }
}

// The embedded exchange's control API under /sim/v1, enabled by --control and never part of the catalog:
// provision funded accounts, credit funds (spot, margin or futures wallet, or the futures insurance fund), record
// withdrawals, register RSA keys, pause or steer prices (a futures contract is steered through the spot market
// of its base, which its index and mark follow).
// It listens on loopback only, like the exchange itself, and is meant for tests and the paper account. Every
// request carries this run's token and is checked for Host, Origin and Content-Type (control-guard.ts); every body
// is checked field by field (control-body.ts) before anything reaches the journal.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fundAccount, newAccountCommand } from '../accounts'
import type { MarketActivity } from '../activity/market-activity'
import type { SimContext } from '../context'
import { DomainError, refuse } from '../domain-error'
import { errorAnswer, faultAnswer } from '../http/error-answer'
import type { RouteExtension } from '../http/server'
import { INSURANCE } from '../futures/accounts'
import { moneyText } from '../futures/money'
import {
  amountText,
  assetText,
  bodyObject,
  credentialText,
  flag,
  rsaPublicKeyText,
  shortText,
  type Body
} from './control-body'
import { checkControlRequest } from './control-guard'

function reply(res: ServerResponse, status: number, body: unknown): void {
  const s = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(s) })
  res.end(s)
}

/** Every control path is under it; the HTTP front hands only these to the control API. */
export const CONTROL_PREFIX = '/sim/v1/'

export interface ControlAccess {
  /** This run's token (control-guard.ts). */
  token: string
  /** The port the exchange listens on, known once it listens: Host and Origin must name it. */
  port: () => number
}

export function controlApi(
  sim: SimContext,
  activity: () => MarketActivity | null,
  access: ControlAccess
): RouteExtension {
  const accountOfKey = (apiKey: string): string => {
    const a = sim.spot.byApiKey.get(apiKey)
    if (!a || a.bot) refuse('UNAUTHORIZED', 'API key is not known')
    return a.id
  }
  // Each route names the fields it takes: anything else in the body is refused.
  const routes: Record<string, { fields: readonly string[]; run: (b: Body) => Promise<unknown> }> = {
    '/sim/v1/accounts': {
      fields: ['apiKey', 'apiSecret', 'rsaPublicKey', 'fund'],
      run: async (b) => {
        const apiKey = credentialText(b, 'apiKey', false) ?? randomBytes(16).toString('hex')
        const apiSecret = credentialText(b, 'apiSecret', false, 256) ?? randomBytes(32).toString('hex')
        const rsaPublicKey = rsaPublicKeyText(b, 'rsaPublicKey', false)
        const fund = flag(b, 'fund', true)
        if (sim.spot.byApiKey.has(apiKey)) refuse('REJECTED_API_KEY', 'This API key is already registered')
        const cmd = newAccountCommand(sim.spot, { apiKey, secret: apiSecret, rsaPublicKey, time: sim.clock() })
        await sim.commit(cmd)
        if (fund) await fundAccount(sim.commit, cmd.id, sim.clock())
        return { accountId: cmd.id, apiKey, apiSecret }
      }
    },
    '/sim/v1/credit': {
      fields: ['apiKey', 'wallet', 'asset', 'amount'],
      run: async (b) => {
        const wallet = shortText(b, 'wallet', false) ?? 'spot'
        if (wallet !== 'spot' && wallet !== 'margin' && wallet !== 'futures')
          refuse('MANDATORY_PARAM', "Parameter 'wallet' must be spot, margin or futures")
        const account = accountOfKey(credentialText(b, 'apiKey', true))
        const asset = assetText(b)
        const amount = amountText(b, 'amount', true)
        const time = sim.clock()
        if (wallet === 'futures') {
          await sim.commit({ t: 'futures.deposit', account, coin: asset, amount, time })
          return {}
        }
        const txid = `sim-credit-${account}-${time}-${randomBytes(4).toString('hex')}`
        await sim.commit({ t: 'deposit', account, wallet, asset, amount, txid, time })
        return { txid }
      }
    },
    '/sim/v1/withdraw': {
      fields: ['apiKey', 'asset', 'amount', 'fee', 'address'],
      run: async (b) => {
        const account = accountOfKey(credentialText(b, 'apiKey', true))
        await sim.commit({
          t: 'withdraw',
          account,
          asset: assetText(b),
          amount: amountText(b, 'amount', true),
          fee: amountText(b, 'fee', false, true) ?? '0',
          address: shortText(b, 'address', false, 128) ?? 'sim-external-address',
          time: sim.clock()
        })
        return {}
      }
    },
    '/sim/v1/insurance': {
      fields: ['asset', 'amount'],
      run: async (b) => {
        const coin = assetText(b)
        await sim.commit({
          t: 'futures.deposit',
          account: INSURANCE,
          coin,
          amount: amountText(b, 'amount', true),
          time: sim.clock()
        })
        return { balance: moneyText(sim.futures.accounts.get(INSURANCE)?.wallet.get(coin) ?? 0n) }
      }
    },
    '/sim/v1/rsa-key': {
      fields: ['apiKey', 'publicKey'],
      run: async (b) => {
        const apiKey = credentialText(b, 'apiKey', true)
        const rsaPublicKey = rsaPublicKeyText(b, 'publicKey', true) as string
        accountOfKey(apiKey)
        await sim.commit({ t: 'rsaKey', apiKey, rsaPublicKey, time: sim.clock() })
        return {}
      }
    },
    '/sim/v1/activity': {
      fields: ['paused'],
      run: async (b) => {
        const a = activity()
        if (!a) refuse('MANDATORY_PARAM', 'Market activity is off (--activity off)')
        a.setPaused(flag(b, 'paused'))
        return { paused: a.paused }
      }
    },
    '/sim/v1/price': {
      fields: ['symbol', 'price'],
      run: async (b) => {
        const a = activity()
        if (!a) refuse('MANDATORY_PARAM', 'Market activity is off (--activity off); place orders to move prices')
        const asked = shortText(b, 'symbol', true) as string
        const price = amountText(b, 'price', true)
        const contract = sim.futures.contracts.get(asked)
        const symbol = contract ? contract.cfg.indexSymbol : sim.spot.market(asked).symbol
        try {
          a.steer(symbol, price)
        } catch (e) {
          refuse('MANDATORY_PARAM', `Parameter 'price': ${(e as Error).message}`)
        }
        return { symbol, price }
      }
    }
  }

  return async (req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<boolean> => {
    if (!url.pathname.startsWith(CONTROL_PREFIX)) return false
    const route = routes[url.pathname]
    if (!route || req.method !== 'POST') {
      reply(res, 404, { code: -1000, msg: `Unknown control path: ${req.method} ${url.pathname}` })
      return true
    }
    const refused = checkControlRequest(req.headers, access.token, access.port())
    if (refused) {
      reply(res, refused.status, { code: refused.code, msg: refused.msg })
      return true
    }
    try {
      let parsed: unknown
      try {
        parsed = raw.length === 0 ? {} : JSON.parse(raw.toString('utf8'))
      } catch {
        refuse('MANDATORY_PARAM', 'Request body is not valid JSON (send {} for no parameters)')
      }
      reply(res, 200, await route.run(bodyObject(parsed, route.fields)))
    } catch (e) {
      // A failure that is not a refusal in words is still answered, without its details (no stack to a caller).
      if (!(e instanceof DomainError)) console.error('[exchange] control API internal error:', e)
      const err = e instanceof DomainError ? errorAnswer(e) : faultAnswer('Control API: internal error')
      reply(res, err.status, { code: err.code, msg: err.msg })
    }
    return true
  }
}

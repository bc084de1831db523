// Command-line options of the embedded exchange, parsed into its start options (../options.ts). Bad input names the
// option and the rule.
import { DEFAULT_HISTORY_SEED } from '../config/market-history'
import type { ExchangeOptions, KeyPairArg } from '../options'

export class UsageError extends Error {
  override name = 'UsageError'
}

export const USAGE = `usage: npm run exchange -- [--port N] [--api-key K --api-secret S [--rsa-public-key FILE]]...
       [--seed N] [--activity on|off] [--history on|off] [--history-seed N] [--flavor spec|live]
       [--data-dir DIR] [--control] [--funding-interval-ms N]`

export function parseExchangeArgs(argv: readonly string[]): ExchangeOptions {
  const opts: ExchangeOptions = {
    port: 0,
    host: '127.0.0.1',
    keys: [],
    seed: 1,
    activity: true,
    history: true,
    historySeed: DEFAULT_HISTORY_SEED,
    flavor: 'spec',
    dataDir: null,
    control: false
  }
  let pending: Partial<KeyPairArg> | null = null
  const closePair = (): void => {
    if (!pending) return
    if (!pending.apiKey || !pending.apiSecret) {
      throw new UsageError('--api-key and --api-secret must be given together, key first')
    }
    opts.keys.push(pending as KeyPairArg)
    pending = null
  }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string
    const value = (): string => {
      const v = argv[++i]
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value`)
      return v
    }
    switch (flag) {
      case '--port': {
        const v = value()
        const n = Number(v)
        if (!/^\d+$/.test(v) || n > 65535)
          throw new UsageError(`--port must be a whole number from 0 to 65535, got "${v}"`)
        opts.port = n
        break
      }
      case '--api-key':
        closePair()
        pending = { apiKey: value().trim() }
        break
      case '--api-secret':
        if (!pending || pending.apiSecret !== undefined) throw new UsageError('--api-secret must follow its --api-key')
        pending.apiSecret = value().trim()
        break
      case '--rsa-public-key':
        if (!pending?.apiSecret)
          throw new UsageError('--rsa-public-key must follow the --api-key/--api-secret pair it belongs to')
        pending.rsaPublicKeyFile = value()
        break
      case '--seed':
      case '--history-seed': {
        const v = value()
        if (!/^\d+$/.test(v) || Number(v) > 2 ** 32 - 1)
          throw new UsageError(`${flag} must be a whole number from 0 to 4294967295, got "${v}"`)
        if (flag === '--seed') opts.seed = Number(v)
        else opts.historySeed = Number(v)
        break
      }
      case '--history': {
        const v = value()
        if (v !== 'on' && v !== 'off') throw new UsageError(`--history must be "on" or "off", got "${v}"`)
        opts.history = v === 'on'
        break
      }
      case '--activity': {
        const v = value()
        if (v !== 'on' && v !== 'off') throw new UsageError(`--activity must be "on" or "off", got "${v}"`)
        opts.activity = v === 'on'
        break
      }
      case '--flavor': {
        const v = value()
        if (v !== 'spec' && v !== 'live') throw new UsageError(`--flavor must be "spec" or "live", got "${v}"`)
        opts.flavor = v
        break
      }
      case '--data-dir':
        opts.dataDir = value()
        break
      case '--control':
        opts.control = true
        break
      case '--funding-interval-ms': {
        const v = value()
        if (!/^\d+$/.test(v) || Number(v) < 1000 || Number(v) > 7 * 86_400_000) {
          throw new UsageError(`--funding-interval-ms must be a whole number of ms from 1000 to 604800000, got "${v}"`)
        }
        opts.fundingIntervalMs = Number(v)
        break
      }
      default:
        throw new UsageError(`unknown option "${flag}"\n${USAGE}`)
    }
  }
  closePair()
  return opts
}

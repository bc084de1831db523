// PnL analytics of a profile (issue 18 item 6): its own fills read from its venue, whole, oldest first, and handed to
// the pure arithmetic of src-shared/trading/pnl.ts. Spot and margin markets read are those the terminal has orders
// of (the order history main keeps) and those of assets held against USDT (fills made elsewhere); futures are the
// venue's fill records of every contract (tradesRecord: each fill's fee, and each close's realized PnL). A market
// whose fills cannot be read is named with the reason, its figures missing, never made up.
import type { SpotModule } from '@shared/module'
import { compare } from '@shared/decimal'
import type { PnlReportView } from '@shared/ipc/views/pnl'
import { pnlReport, type FuturesClose, type FuturesFee, type SpotFill } from '@shared/trading/pnl'
import type { AccountService } from './account-service'
import type { Instruments } from './instruments'
import type { ProfileRuntime, Venues } from './venues'
import { equityMarketOf } from './equity-sampler'

/** The markets a profile has orders of (OrderHistory.markets). */
export type TradedMarkets = (profileId: string) => Promise<{ module: SpotModule; symbol: string }[]>

export interface PnlServiceOptions {
  venues: Venues
  instruments: Instruments
  /** Reads a page of a market's fills (the same read as account.trades). */
  account: Pick<AccountService, 'trades'>
  tradedMarkets: TradedMarkets
  /** Pages read per market at most (spot pages are 100 fills, margin and futures 1000). */
  maxPages?: number
  now?: () => number
}

const DEFAULT_MAX_PAGES = 50
/** Ids are digits on every venue of the interface: the next page starts after the last id read. */
const after = (id: string): string | null => (/^\d+$/.test(id) ? (BigInt(id) + 1n).toString() : null)

/** Every record from the first on, one page after another; `truncated` when maxPages ran out first. */
async function readAll<T>(
  read: (fromId: string) => Promise<T[]>,
  idOf: (r: T) => string,
  limit: number,
  maxPages: number
): Promise<{ list: T[]; truncated: boolean }> {
  const list: T[] = []
  let fromId: string | null = '0'
  for (let page = 0; page < maxPages; page++) {
    const got: T[] = await read(fromId)
    list.push(...got)
    const last = got.at(-1)
    if (got.length < limit || !last) return { list, truncated: false }
    fromId = after(idOf(last))
    if (fromId === null) return { list, truncated: true }
  }
  return { list, truncated: true }
}

export class PnlService {
  readonly #o: PnlServiceOptions

  constructor(o: PnlServiceOptions) {
    this.#o = o
  }

  async report(i: { profileId?: string | undefined }): Promise<PnlReportView> {
    const rt = this.#o.venues.get(i.profileId)
    const truncated: string[] = []
    const failed: { market: string; message: string }[] = []
    const spot: SpotFill[] = []
    const maxPages = this.#o.maxPages ?? DEFAULT_MAX_PAGES
    for (const m of await this.#spotMarkets(rt)) {
      const key = `${m.module}:${m.symbol}`
      try {
        const symbol = await this.#o.instruments.spotSymbol(rt, m.symbol)
        const limit = m.module === 'spot' ? 100 : 1000
        const r = await readAll(
          (fromId) =>
            this.#o.account.trades({ profileId: rt.profile.id, module: m.module, symbol: m.symbol, limit, fromId }),
          (t) => t.id,
          limit,
          maxPages
        )
        if (r.truncated) truncated.push(key)
        for (const t of r.list)
          spot.push({ ...t, module: m.module, symbol: m.symbol, base: symbol.baseAsset, quote: symbol.quoteAsset })
      } catch (e) {
        failed.push({ market: key, message: (e as Error).message })
      }
    }
    const closes: FuturesClose[] = []
    const fees: FuturesFee[] = []
    try {
      const r = await readAll(
        (fromId) => rt.client.call('futures.tradesRecord', { limit: 1000, fromId }),
        (t) => t.tradeId,
        1000,
        maxPages
      )
      if (r.truncated) truncated.push('futures')
      for (const t of r.list) {
        // A linear contract's PnL and fees are in its margin coin, the last part of its name (E-BTC-USDT).
        const asset = t.contractName.split('-').at(-1) ?? t.contractName
        fees.push({ asset, fee: t.fee })
        if (t.openOrClose.toUpperCase() === 'CLOSE')
          closes.push({
            symbol: t.contractName,
            asset,
            id: t.tradeId,
            realized: t.realizedAmount,
            fee: t.fee,
            time: t.time
          })
      }
    } catch (e) {
      failed.push({ market: 'futures', message: (e as Error).message })
    }
    return {
      profileId: rt.profile.id,
      at: (this.#o.now ?? Date.now)(),
      truncated,
      failed,
      ...pnlReport(spot, closes, fees)
    }
  }

  /** The markets of the terminal's orders, and the USDT markets of assets held now. */
  async #spotMarkets(rt: ProfileRuntime): Promise<{ module: SpotModule; symbol: string }[]> {
    const markets = new Map<string, { module: SpotModule; symbol: string }>()
    for (const m of await this.#o.tradedMarkets(rt.profile.id)) markets.set(`${m.module}:${m.symbol}`, m)
    const [{ balances }, symbols] = await Promise.all([
      rt.client.call('spot.account'),
      this.#o.instruments.spotSymbols(rt)
    ])
    for (const b of balances) {
      if (compare(b.free, '0') === 0 && compare(b.locked, '0') === 0) continue
      const s = equityMarketOf(symbols, b.asset)
      if (s) markets.set(`spot:${s.symbol}`, { module: 'spot', symbol: s.symbol })
    }
    return [...markets.values()].sort((a, b) => (`${a.module}:${a.symbol}` < `${b.module}:${b.symbol}` ? -1 : 1))
  }
}

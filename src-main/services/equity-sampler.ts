// The equity curve of every profile, sampled by main so it grows with every window closed: every `intervalMs`
// each profile's spot balances (free + locked) and futures equity are valued in USDT at the last price of each
// asset's USDT market and kept in equity.json (equity-store.ts). An asset without a USDT market is
// left out of the total and named with the sample (said, not guessed). A profile that cannot be read now (no
// keys, its venue down) gets no sample this time: a gap in the curve, never a made-up point.
import { add, compare, mul } from '@shared/decimal'
import type { EquitySampleView, EquityView } from '@shared/ipc/views/pnl'
import type { EquityStore } from './equity-store'
import type { Instruments } from './instruments'
import type { Venues } from './venues'

export const EQUITY_ASSET = 'USDT'
export const DEFAULT_EQUITY_INTERVAL_MS = 15 * 60_000

/** An asset's market against EQUITY_ASSET (what it is valued in), when the venue lists one. */
export function equityMarketOf<S extends { baseAsset: string; quoteAsset: string }>(
  symbols: readonly S[],
  asset: string
): S | undefined {
  const a = asset.toUpperCase()
  return symbols.find((s) => s.baseAsset.toUpperCase() === a && s.quoteAsset.toUpperCase() === EQUITY_ASSET)
}

export interface EquitySamplerOptions {
  venues: Venues
  instruments: Instruments
  store: EquityStore
  profileIds(): string[]
  intervalMs?: number
  now?: () => number
  log: (line: string) => void
}

export class EquitySampler {
  readonly #o: EquitySamplerOptions
  #timer: ReturnType<typeof setInterval> | null = null
  /** Profiles whose last try failed, so a failing one is logged once until it works again. */
  readonly #failing = new Set<string>()
  #closed = false
  #running: Promise<void> = Promise.resolve()

  constructor(o: EquitySamplerOptions) {
    this.#o = o
  }

  get intervalMs(): number {
    return this.#o.intervalMs ?? DEFAULT_EQUITY_INTERVAL_MS
  }

  start(): void {
    if (this.#timer) return
    const run = (): void => {
      this.#running = this.#running.then(() => this.sampleAll())
    }
    this.#timer = setInterval(run, this.intervalMs)
    this.#timer.unref?.()
  }

  async sampleAll(): Promise<void> {
    for (const id of this.#o.profileIds()) if (!this.#closed) await this.sample(id).catch(() => undefined)
  }

  /** Values one profile now and keeps the sample; rejects (and keeps nothing) when it cannot be read. */
  async sample(profileId: string): Promise<EquitySampleView> {
    try {
      const s = await this.#value(profileId)
      if (this.#closed) throw new Error('the terminal is closing')
      await this.#o.store.add(profileId, s)
      this.#failing.delete(profileId)
      return s
    } catch (e) {
      if (!this.#failing.has(profileId))
        this.#o.log(`equity: profile ${profileId} not sampled: ${(e as Error).message}`)
      this.#failing.add(profileId)
      throw e
    }
  }

  /**
   * The profile's curve; when its newest sample is older than the interval (or it has none: a profile just added,
   * the first minutes of a run) one is taken first, so a window opened never shows a curve staler than the interval.
   */
  async view(profileId: string): Promise<EquityView> {
    const last = this.#o.store.samples(profileId).at(-1)
    if (!this.#closed && (!last || (this.#o.now ?? Date.now)() - last.at >= this.intervalMs))
      await this.sample(profileId).catch(() => undefined) // said by the missing point; logged once
    return { profileId, asset: EQUITY_ASSET, intervalMs: this.intervalMs, samples: this.#o.store.samples(profileId) }
  }

  /** A removed profile's curve goes with it. */
  forget(profileId: string): Promise<void> {
    this.#failing.delete(profileId)
    return this.#o.store.forget(profileId)
  }

  /** Stops sampling; resolves once a sample being taken is done and every write is on disk. */
  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    await this.#running
    await this.#o.store.flushed()
  }

  async #value(profileId: string): Promise<EquitySampleView> {
    const rt = this.#o.venues.get(profileId)
    const at = (this.#o.now ?? Date.now)()
    const held = new Map<string, string>()
    const { balances } = await rt.client.call('spot.account', undefined, { priority: 'background' })
    for (const b of balances) {
      const amount = add(b.free, b.locked)
      if (compare(amount, '0') !== 0)
        held.set(b.asset.toUpperCase(), add(held.get(b.asset.toUpperCase()) ?? '0', amount))
    }
    // The futures wallet with its unrealized PnL; a venue without futures (or a read refused) leaves spot alone.
    const futures = await rt.client.call('futures.account', undefined, { priority: 'background' }).catch(() => null)
    for (const a of futures?.account ?? []) {
      const coin = a.marginCoin.toUpperCase()
      if (compare(a.totalEquity, '0') !== 0) held.set(coin, add(held.get(coin) ?? '0', a.totalEquity))
    }
    const symbols = await this.#o.instruments.spotSymbols(rt, 'background')
    let total = '0'
    const unpriced: string[] = []
    for (const [asset, amount] of held) {
      if (asset === EQUITY_ASSET) {
        total = add(total, amount)
        continue
      }
      const market = equityMarketOf(symbols, asset)
      if (!market) {
        unpriced.push(asset)
        continue
      }
      const t = await rt.client.call('spot.ticker', { symbol: market.symbol }, { priority: 'background' })
      total = add(total, mul(amount, t.last))
    }
    return { at, total, unpriced: unpriced.sort() }
  }
}

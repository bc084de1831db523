// Seeded market activity: a market maker keeps a ladder of limit orders around a fair price that walks
// randomly, and a taker sends small market orders, so books stay two-sided and candles fill. Every order
// goes through the journaled venue like a user's. Fair prices are integers in ticks; the walk is the
// generator's own decision, never an amount of money. The control API can pause it or steer a price.
// A round's orders and cancels are issued one after another without waiting for each to be journaled (a command is
// applied when it is issued, so the next decision sees it): they share the journal's syncs, where waiting for each
// made a sync per command (~170 a second over the 7 markets). The round ends once all of them are durable.
import { randomBytes } from 'node:crypto'
import { formatScaled, parseScaledInt } from '../engine'
import type { SpotMarketConfig } from '../config/spot-markets'
import type { SimContext } from '../context'
import { newAccountCommand } from '../accounts'
import { seededRandom } from '@shared/random'
import { futuresActivity } from '../futures/activity'

export const MAKER = 'bot-maker'
export const TAKER = 'bot-taker'
const LEVELS = 12
const MAX_ACTIONS = 6
/** What the bots hold per market, in USDT value, and the floor at which they are topped up. */
const BOT_VALUE_USDT = 2_000_000
/**
 * One round of activity every 250 ms: per market about 2 trades a second and a few book changes a round, which the
 * WS front pushes at most every 100 ms; a busy venue's BTCUSDT prints a few hundred trades a second at peaks and
 * pushes depth every 100 ms (bench/ui/README.md, "market activity").
 */
export const ACTIVITY_TICK_MS = 250

export interface MarketActivity {
  /** Stops the timer and resolves once a step under way has finished (so nothing commits after close). */
  stop(): Promise<void>
  setPaused(paused: boolean): void
  readonly paused: boolean
  /**
   * Moves the fair price of a symbol to this price (text at the symbol's precision); futures follow through their
   * index.
   */
  steer(symbol: string, price: string): void
  /** One round of activity (the timer calls it; tests may too). */
  step(): Promise<void>
}

interface SymbolState {
  m: SpotMarketConfig
  fair: number
  resting: Set<string>
}

export function startMarketActivity(
  sim: SimContext,
  opts: { seed: number; tickMs?: number; timer?: boolean }
): MarketActivity {
  const rand = seededRandom(opts.seed)
  const states: SymbolState[] = [...sim.spot.markets.values()].map((m) => {
    const p = parseScaledInt(m.initialPrice, m.pricePrecision)
    return { m, fair: p.ok ? p.value : 1, resting: new Set<string>() }
  })
  // Futures bots draw from a PRNG of their own, so adding them left a seed's spot market unchanged.
  const futures = futuresActivity(sim, { maker: MAKER, taker: TAKER }, seededRandom((opts.seed ^ 0x9e3779b9) >>> 0))
  let paused = false
  let running: Promise<void> | null = null
  let ready = false

  const ensureBots = async (): Promise<void> => {
    for (const id of [MAKER, TAKER]) {
      if (sim.spot.accounts.has(id)) continue
      // Random per data dir (the journal keeps them, so a restart reuses them); bots never sign a request anyway.
      const apiKey = `bot-${randomBytes(16).toString('hex')}`
      const secret = randomBytes(32).toString('hex')
      await sim.commit(newAccountCommand(sim.spot, { id, apiKey, secret, bot: true, time: sim.clock() }))
    }
    // Existing resting bot orders (after a restart) belong to the ladder.
    for (const s of states) for (const o of sim.spot.engine.openOrders(MAKER, s.m.symbol)) s.resting.add(o.id)
    ready = true
  }

  const topUp = async (account: string, s: SymbolState): Promise<void> => {
    const time = sim.clock()
    const baseWant = BigInt(Math.round((BOT_VALUE_USDT / Number(s.m.initialPrice)) * 1e8))
    const quoteWant = BigInt(BOT_VALUE_USDT) * 100_000_000n
    for (const [asset, want] of [
      [s.m.baseAsset, baseWant],
      [s.m.quoteAsset, quoteWant]
    ] as const) {
      const have = sim.spot.engine.balance(account, asset).free
      if (have < want / 5n) {
        const amount = formatScaled(want - have, 8)
        await sim.commit({
          t: 'deposit',
          account,
          wallet: 'spot',
          asset,
          amount,
          txid: `bot-${account}-${asset}-${time}`,
          time
        })
      }
    }
  }

  /** The current round's commits, awaited at its end. */
  let pending: Promise<unknown>[] = []

  const place = (
    account: string,
    s: SymbolState,
    side: 'BUY' | 'SELL',
    type: 'LIMIT' | 'MARKET',
    priceTicks: number,
    lots: number
  ): void => {
    const m = s.m
    const volume =
      type === 'MARKET' && side === 'BUY'
        ? formatScaled((BigInt(lots) * BigInt(priceTicks)) / 10n ** BigInt(m.quantityPrecision), m.pricePrecision)
        : formatScaled(lots, m.quantityPrecision)
    const placed = sim.commit({
      t: 'place',
      account,
      wallet: 'spot',
      symbol: m.symbol,
      side,
      type,
      ...(type === 'LIMIT' ? { price: formatScaled(priceTicks, m.pricePrecision) } : {}),
      volume,
      time: sim.clock()
    })
    pending.push(
      placed.then(
        (res) => {
          const o = res?.order
          if (account === MAKER && o && (o.status === 'NEW' || o.status === 'PARTIALLY_FILLED'))
            s.resting.add(o.orderId)
        },
        () => undefined // a refused bot order (balance, minimum) is simply skipped; the next round tries again
      )
    )
  }

  const stepSymbol = async (s: SymbolState): Promise<void> => {
    const m = s.m
    const vol = m.volatilityPpm / 1_000_000
    s.fair = Math.max(10, Math.round(s.fair * (1 + vol * (rand() * 2 - 1))))
    const tick = Math.max(1, Math.round(s.fair * 0.0002))
    const minLots = parseScaledInt(m.limitVolumeMin, m.quantityPrecision)
    const unit = minLots.ok ? minLots.value : 1
    await topUp(MAKER, s)
    await topUp(TAKER, s)

    // Forget filled orders; cancel those the fair price has left behind.
    let actions = 0
    for (const id of [...s.resting]) {
      const o = sim.spot.engine.getOpenOrder(id)
      if (!o) {
        s.resting.delete(id)
        continue
      }
      const far = Math.abs(o.price - s.fair) > tick * (LEVELS + 2)
      const crossed = (o.side === 'BUY' && o.price >= s.fair) || (o.side === 'SELL' && o.price <= s.fair)
      if ((far || crossed) && actions < MAX_ACTIONS) {
        actions++
        s.resting.delete(id)
        pending.push(
          sim
            .commit({ t: 'cancel', account: MAKER, wallet: 'spot', symbol: m.symbol, orderId: id, time: sim.clock() })
            .catch(() => undefined)
        )
      }
    }
    // Fill missing ladder levels (all at once when the book is empty, e.g. at start).
    const have = new Set([...s.resting].map((id) => sim.spot.engine.getOpenOrder(id)?.price))
    const empty = s.resting.size === 0
    for (let i = 1; i <= LEVELS; i++) {
      for (const side of ['BUY', 'SELL'] as const) {
        const price = side === 'BUY' ? s.fair - i * tick : s.fair + i * tick
        if (price <= 0 || have.has(price)) continue
        if (!empty && actions >= MAX_ACTIONS) continue
        actions++
        place(MAKER, s, side, 'LIMIT', price, unit * (1 + Math.floor(rand() * 20)))
      }
    }
    // A taker now and then, so trades print and candles fill.
    if (rand() < 0.5) {
      const side = rand() < 0.5 ? 'BUY' : 'SELL'
      const lots = unit * (1 + Math.floor(rand() * 5))
      const ref = side === 'BUY' ? sim.spot.engine.bestAsk(m.symbol) : sim.spot.engine.bestBid(m.symbol)
      if (ref !== undefined) place(TAKER, s, side, 'MARKET', ref, lots)
    }
  }

  const step = async (): Promise<void> => {
    if (running) return running
    running = (async () => {
      if (!ready) await ensureBots()
      if (paused) return
      // The futures round is issued with the spot one, not once the spot round is durable: their changes then reach
      // the market-data hub in one task and a subscriber gets them in one push, not in a second one a sync later
      // (each push makes the terminal's windows draw a frame: bench/ui/README.md, idle cost). The commands are the
      // same and in the same order, so the journal and the market of a seed are too.
      const round: Promise<unknown>[] = []
      try {
        for (const s of states) await stepSymbol(s)
        round.push(futures.step())
      } finally {
        round.push(...pending)
        pending = []
        await Promise.all(round)
      }
    })().finally(() => (running = null))
    return running
  }

  const timer =
    opts.timer === false
      ? null
      : setInterval(
          () => void step().catch((e: unknown) => console.error('[exchange] activity:', e)),
          opts.tickMs ?? ACTIVITY_TICK_MS
        )
  timer?.unref()

  return {
    stop() {
      if (timer) clearInterval(timer)
      return running ? running.catch(() => undefined) : Promise.resolve()
    },
    setPaused(p: boolean) {
      paused = p
    },
    get paused() {
      return paused
    },
    steer(symbol: string, price: string) {
      const s = states.find((x) => x.m.symbol === symbol)
      if (!s) throw new Error(`unknown symbol ${symbol}`)
      const p = parseScaledInt(price, s.m.pricePrecision)
      if (!p.ok || p.value <= 0)
        throw new Error(`price must be a positive number with at most ${s.m.pricePrecision} decimals`)
      s.fair = p.value
    },
    step
  }
}

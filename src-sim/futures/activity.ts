// Futures side of the seeded market activity: the same two bots keep a ladder of limit orders around each
// contract's index and send small market orders, through journaled commands like a user's. The bots trade in
// hedge mode and reduce the position on a side before adding to it, so their positions stay small; their
// futures wallets are topped up by deposit. A PRNG of its own keeps the spot market of a seed unchanged. As on spot
// (market-activity.ts), a round's orders and cancels share the journal's syncs: each is applied when issued, and the
// round ends once all are durable.
import { formatScaled } from '../engine'
import { DomainError } from '../domain-error'
import type { SimContext } from '../context'
import { posId } from './accounts'
import type { Contract } from './contract'
import { ONE } from './money'
import type { Side } from './types'

const LEVELS = 10
const MAX_ACTIONS = 6
/** Wallet each bot keeps per coin (whole coins) and the floor (a fifth) where it is topped up. */
const BOT_WALLET: Record<string, bigint> = { USDT: 20_000_000n, BTC: 300n }

export interface FuturesActivity {
  step(): Promise<void>
}

export function futuresActivity(
  sim: SimContext,
  bots: { maker: string; taker: string },
  rand: () => number
): FuturesActivity {
  const resting = new Map<string, Set<string>>()
  let ready = false
  /** The current round's commits, awaited at its end (a refusal other than the rules' is thrown from there). */
  let pending: Promise<unknown>[] = []

  const swallow = (e: unknown): undefined => {
    if (e instanceof DomainError) return undefined // a refused bot order is skipped; the next round tries again
    throw e
  }

  const setup = async (): Promise<void> => {
    const v = sim.futures
    for (const c of v.contracts.values()) {
      resting.set(c.symbol, new Set(v.openOrders(bots.maker, c.symbol).map((o) => o.id)))
      for (const account of [bots.maker, bots.taker]) {
        if (v.accounts.get(account)?.settings.get(c.symbol)?.positionModel === 2) continue
        await sim
          .commit({ t: 'futures.positionModel', account, contract: c.symbol, positionModel: 2, time: sim.clock() })
          .catch(swallow)
      }
    }
    ready = true
  }

  const topUp = async (account: string, coin: string): Promise<void> => {
    const want = (BOT_WALLET[coin] ?? 0n) * ONE
    const have = sim.futures.accounts.get(account)?.wallet.get(coin) ?? 0n
    if (have >= want / 5n) return
    await sim.commit({
      t: 'futures.deposit',
      account,
      coin,
      amount: formatScaled((want - have) / 10_000n, 8),
      time: sim.clock()
    })
  }

  /** CLOSE when the other side's position has room for it, else OPEN. */
  const action = (account: string, c: Contract, side: Side, qty: number): 'OPEN' | 'CLOSE' => {
    const key = side === 'BUY' ? 'SHORT' : 'LONG'
    const pos = sim.futures.accounts.get(account)?.positions.get(posId(c.symbol, key))
    if (!pos) return 'OPEN'
    let pending = 0
    for (const o of sim.futures.openOrders(account, c.symbol))
      if (o.key === key && o.action === 'CLOSE') pending += o.volume - o.executedQty
    return pos.qty - pending >= qty ? 'CLOSE' : 'OPEN'
  }

  const stepContract = async (c: Contract): Promise<void> => {
    const v = sim.futures
    const center = v.market.get(c.symbol)!.index
    const tick = Math.max(1, Math.round(center * 0.0002))
    const mine = resting.get(c.symbol)!
    let actions = 0
    for (const id of [...mine]) {
      const o = v.orders.get(id)
      if (!o || (o.status !== 'NEW' && o.status !== 'PARTIALLY_FILLED')) {
        mine.delete(id)
        continue
      }
      const far = Math.abs(o.price - center) > tick * (LEVELS + 2)
      const crossed = (o.side === 'BUY' && o.price >= center) || (o.side === 'SELL' && o.price <= center)
      if ((far || crossed) && actions < MAX_ACTIONS) {
        actions++
        mine.delete(id)
        pending.push(
          sim
            .commit({ t: 'futures.cancel', account: bots.maker, contract: c.symbol, orderId: id, time: sim.clock() })
            .catch(swallow)
        )
      }
    }
    const have = new Set([...mine].map((id) => v.orders.get(id)?.price))
    const empty = mine.size === 0
    for (let i = 1; i <= LEVELS; i++) {
      for (const side of ['BUY', 'SELL'] as const) {
        const price = side === 'BUY' ? center - i * tick : center + i * tick
        if (price <= 0 || have.has(price) || (!empty && actions >= MAX_ACTIONS)) continue
        actions++
        const qty = 1 + Math.floor(rand() * 40)
        const placed = sim.commit({
          t: 'futures.place',
          account: bots.maker,
          contract: c.symbol,
          side,
          type: 'LIMIT',
          open: action(bots.maker, c, side, qty),
          positionType: 1,
          price: c.priceText(price),
          volume: String(qty),
          time: sim.clock()
        })
        pending.push(
          placed.then((res) => {
            const o = res?.order
            if (o && (o.status === 'NEW' || o.status === 'PARTIALLY_FILLED')) mine.add(o.id)
          }, swallow)
        )
      }
    }
    if (rand() < 0.5) {
      const side: Side = rand() < 0.5 ? 'BUY' : 'SELL'
      const qty = 1 + Math.floor(rand() * 8)
      const open = action(bots.taker, c, side, qty)
      const ref = (side === 'BUY' ? v.books.bestAsk(c.symbol) : v.books.bestBid(c.symbol)) ?? center
      // A market OPEN is sized by notional (linear: USDT; inverse: USD); a CLOSE in contracts.
      const notional = c.linear
        ? formatScaled(c.value(qty, ref) / 10_000n, 8)
        : formatScaled((BigInt(qty) * c.multMoney) / 10_000n, 8)
      pending.push(
        sim
          .commit({
            t: 'futures.place',
            account: bots.taker,
            contract: c.symbol,
            side,
            type: 'MARKET',
            open,
            positionType: 1,
            volume: open === 'OPEN' ? notional : String(qty),
            time: sim.clock()
          })
          .catch(swallow)
      )
    }
  }

  return {
    async step() {
      if (!ready) await setup()
      for (const account of [bots.maker, bots.taker])
        for (const coin of Object.keys(BOT_WALLET)) await topUp(account, coin)
      try {
        for (const c of sim.futures.contracts.values()) await stepContract(c)
      } finally {
        const round = pending
        pending = []
        await Promise.all(round)
      }
    }
  }
}

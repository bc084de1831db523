// Full consistency check of an engine, recomputed from first principles (slow; for tests, restore and
// debugging). Returns one line per violation; an empty array means the state is sound.

import type { SpotEngine } from './engine'
import type { Order } from './order'
import { type BookSide, liveOrders } from './order-book'

export function auditEngine(e: SpotEngine): string[] {
  const bad: string[] = []
  const holds = new Map<string, bigint>() // account \0 asset -> sum of holds
  let inBooks = 0
  for (const m of e.markets.values()) {
    const bb = m.book.bestBid()
    const ba = m.book.bestAsk()
    if (bb !== undefined && ba !== undefined && bb >= ba) bad.push(`${m.symbol}: crossed book ${bb} >= ${ba}`)
    const checkSide = (side: BookSide, name: 'BUY' | 'SELL'): void => {
      const keys = side.keyList()
      if (side.mapSize !== keys.length)
        bad.push(`${m.symbol} ${name}: ${side.mapSize} levels mapped, ${keys.length} keyed`)
      for (let i = 1; i < keys.length; i++) {
        if (!(keys[i - 1]! < keys[i]!)) bad.push(`${m.symbol} ${name}: keys not sorted at ${i}`)
      }
      keys.forEach((k, i) => {
        const lvl = side.levelAt(side.sign * k)
        if (lvl === undefined || side.levelFromBest(keys.length - 1 - i) !== lvl) {
          bad.push(`${m.symbol} ${name}: no level for key ${k}`)
          return
        }
        let qty = 0
        let count = 0
        const seen = new Set<Order>()
        // One walk checks each order and the FIFO's shape: every order points at its level and back at its
        // predecessor, and the level's last is where the walk ends.
        let prev: Order | null = null
        for (const o of liveOrders(lvl)) {
          count++
          qty += o.remaining
          if (seen.has(o)) {
            bad.push(`${o.id}: queued twice`) // a cycle in the FIFO: stop walking it
            break
          }
          seen.add(o)
          if (o.level !== lvl || o.prev !== prev)
            bad.push(`${o.id}: level / prev link do not match its place in the FIFO`)
          prev = o
          if (o.price !== lvl.price || o.side !== name || o.symbol !== m.symbol) bad.push(`${o.id}: misplaced`)
          if (o.remaining <= 0) bad.push(`${o.id}: resting with remaining ${o.remaining}`)
          if (o.executedQty + o.remaining !== o.origQty) bad.push(`${o.id}: executed + remaining != orig`)
          if (o.status !== (o.executedQty > 0 ? 'PARTIALLY_FILLED' : 'NEW')) bad.push(`${o.id}: status ${o.status}`)
          if (e.orders.get(o.id) !== o) bad.push(`${o.id}: resting but not in the order map`)
          const expect = name === 'BUY' ? o.price * o.remaining * m.quoteMul : o.remaining * m.baseMul
          if (o.hold !== expect) bad.push(`${o.id}: hold ${o.hold} != ${expect}`)
          const key = `${o.account.id}\0${o.holdSlot.asset}`
          holds.set(key, (holds.get(key) ?? 0n) + BigInt(o.hold))
          inBooks++
        }
        if (lvl.last !== prev) bad.push(`${m.symbol} ${name} ${lvl.price}: last order is not the end of the FIFO`)
        if (count === 0) bad.push(`${m.symbol} ${name} ${lvl.price}: empty level kept`)
        if (count !== lvl.count || qty !== lvl.qty)
          bad.push(`${m.symbol} ${name} ${lvl.price}: count/qty ${lvl.count}/${lvl.qty} != ${count}/${qty}`)
      })
    }
    checkSide(m.book.bids, 'BUY')
    checkSide(m.book.asks, 'SELL')
  }
  if (inBooks !== e.orders.size) bad.push(`order map holds ${e.orders.size}, books hold ${inBooks}`)
  let listed = 0
  for (const acc of e.ledger.accounts.values()) {
    acc.open.forEach((o, i) => {
      if (o.aidx !== i || o.account !== acc || e.orders.get(o.id) !== o)
        bad.push(`${acc.id}: stale open-order entry ${o.id}`)
    })
    listed += acc.open.length
    for (const s of acc.slots) {
      if (!s) continue
      if (s.free < 0n || s.locked < 0n) bad.push(`${acc.id} ${s.asset}: negative balance ${s.free}/${s.locked}`)
      if (!s.big && (!Number.isSafeInteger(s.f) || !Number.isSafeInteger(s.l)))
        bad.push(`${acc.id} ${s.asset}: unsafe number`)
      const want = holds.get(`${acc.id}\0${s.asset}`) ?? 0n
      if (s.locked !== want) bad.push(`${acc.id} ${s.asset}: locked ${s.locked} != open holds ${want}`)
    }
  }
  if (listed !== e.orders.size) bad.push(`account lists hold ${listed}, order map ${e.orders.size}`)
  return bad
}

// An in-memory venue behind the algorithm engine's port (src-main/algos/algo-venue.ts) for property tests: it holds
// the truth (every order by client id, its fill), answers each call as a drawn fault says, and counts what must
// never happen (a client id placed twice, two live orders at once, a place the journal did not know first).
import { add, compare, sub } from '../../src-shared/decimal'
import type { AlgoVenue, BatchItem, FuturesBatch, OrderRead, PlaceOutcome } from '../../src-main/algos/algo-venue'
import type { BestPrices } from '../../src-main/algos/steps'

export type PlaceFault = 'ok' | 'rejected' | 'unknown-taken' | 'unknown-lost' | 'crash-taken' | 'crash-lost'
export type CancelFault = 'ok' | 'unknown' | 'crash-taken' | 'crash-lost'
export type ReadFault = 'ok' | 'fail'

export interface VenueOrder {
  orderId: string
  clientOrderId: string
  side: string
  type: string
  volume: string
  price?: string
  filled: string
  status: 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED'
  /** Where it was sent, and a futures order's open or close. */
  market: string
  open?: 'OPEN' | 'CLOSE'
}

const OPEN = new Set(['NEW', 'PARTIALLY_FILLED'])

export class FakeVenue implements AlgoVenue {
  readonly orders = new Map<string, VenueOrder>()
  readonly violations: string[] = []
  place_: PlaceFault[] = []
  cancel_: CancelFault[] = []
  read_: ReadFault[] = []
  /** Resolves when a call hangs (the terminal "dies" in the middle of it). */
  hung: Promise<void>
  #hang!: () => void
  #next = 1
  /** How many orders may be live at once on one side (a bracket's exit is on the other side of its entry). */
  livePerSide = 1
  /** Client ids the journal held when each place arrived (set by the test: the store's last save). */
  journaled: () => Set<string> = () => new Set()
  /** The module every call must go to (a call to the other one is a violation). */
  module: 'spot' | 'futures' = 'spot'

  constructor() {
    this.hung = new Promise((r) => (this.#hang = r))
  }

  rearm(): void {
    this.hung = new Promise((r) => (this.#hang = r))
  }

  live(): VenueOrder[] {
    return [...this.orders.values()].filter((o) => OPEN.has(o.status))
  }

  /** Fills `amount` of the live order (capped at what is left). */
  fill(o: VenueOrder, amount: string): void {
    if (!OPEN.has(o.status)) return
    const left = sub(o.volume, o.filled)
    o.filled = add(o.filled, compare(amount, left) > 0 ? left : amount)
    o.status = compare(o.filled, o.volume) >= 0 ? 'FILLED' : 'PARTIALLY_FILLED'
  }

  #to(market: string | undefined, what: string): void {
    if ((market ?? 'spot') !== this.module) this.violations.push(`${what} sent to ${market ?? 'spot'}`)
  }

  #create(r: Parameters<AlgoVenue['place']>[0]): VenueOrder {
    this.#to(r.market, `place ${r.clientOrderId}`)
    if (this.orders.has(r.clientOrderId)) this.violations.push(`client id ${r.clientOrderId} placed twice`)
    if (!this.journaled().has(r.clientOrderId)) this.violations.push(`${r.clientOrderId} sent before it was journaled`)
    if (this.live().filter((o) => o.side === r.side).length >= this.livePerSide)
      this.violations.push(`one live order too many (${r.clientOrderId})`)
    const o: VenueOrder = {
      orderId: String(this.#next++),
      clientOrderId: r.clientOrderId,
      side: r.side,
      type: r.type,
      volume: r.volume,
      ...(r.price ? { price: r.price } : {}),
      filled: '0',
      status: 'NEW',
      market: r.market,
      ...(r.market === 'futures' ? { open: r.open } : {})
    }
    this.orders.set(o.clientOrderId, o)
    if (r.type === 'MARKET') this.fill(o, o.volume)
    return o
  }

  #byId(orderId: string): VenueOrder | undefined {
    return [...this.orders.values()].find((o) => o.orderId === orderId)
  }

  #never<T>(): Promise<T> {
    this.#hang()
    return new Promise<T>(() => undefined)
  }

  async place(r: Parameters<AlgoVenue['place']>[0]): Promise<PlaceOutcome> {
    await Promise.resolve()
    const f = this.place_.shift() ?? 'ok'
    if (f === 'rejected') return { kind: 'not-placed', error: { key: 'main.reason.said', params: { text: 'no' } } }
    if (f === 'unknown-lost') return { kind: 'unknown', error: { key: 'main.reason.said', params: { text: '?' } } }
    if (f === 'crash-lost') return this.#never()
    const o = this.#create(r)
    if (f === 'unknown-taken') return { kind: 'unknown', error: { key: 'main.reason.said', params: { text: '?' } } }
    if (f === 'crash-taken') return this.#never()
    return { kind: 'placed', orderId: o.orderId, status: o.status, filled: o.filled }
  }

  async placeBatch(symbol: string, orders: BatchItem[], futures?: FuturesBatch): Promise<PlaceOutcome[]> {
    const out: PlaceOutcome[] = []
    for (const o of orders)
      out.push(
        await this.place(futures ? { market: 'futures', symbol, ...o, ...futures } : { market: 'spot', symbol, ...o })
      )
    return out
  }

  async cancel(
    _symbol: string,
    orderId: string,
    market?: 'spot' | 'futures'
  ): Promise<{ kind: 'answered' } | { kind: 'unknown'; error: { key: string } }> {
    this.#to(market, `cancel ${orderId}`)
    await Promise.resolve()
    const f = this.cancel_.shift() ?? 'ok'
    const o = this.#byId(orderId)
    if (f === 'crash-lost') return this.#never()
    if (o && OPEN.has(o.status)) o.status = 'CANCELED'
    if (f === 'crash-taken') return this.#never()
    if (f === 'unknown') return { kind: 'unknown', error: { key: 'main.reason.said' } }
    return { kind: 'answered' }
  }

  async find(_symbol: string, cid: string, market?: 'spot' | 'futures'): Promise<PlaceOutcome> {
    this.#to(market, `find ${cid}`)
    await Promise.resolve()
    const o = this.orders.get(cid)
    if (!o) return { kind: 'not-placed', error: { key: 'main.verdict.noSuchOrder' } }
    return { kind: 'placed', orderId: o.orderId, status: o.status, filled: o.filled }
  }

  /** The book a chase follows: a best bid and ask the test moves. */
  book: BestPrices = { bid: '100', ask: '101' }
  async best(_symbol?: string, market?: 'spot' | 'futures'): Promise<BestPrices | null> {
    this.#to(market, 'a book read')
    await Promise.resolve()
    return { ...this.book }
  }

  async read(_symbol: string, orderId: string, market?: 'spot' | 'futures'): Promise<OrderRead> {
    this.#to(market, `read ${orderId}`)
    await Promise.resolve()
    if ((this.read_.shift() ?? 'ok') === 'fail') return { kind: 'failed', error: { key: 'main.reason.said' } }
    const o = this.#byId(orderId)
    if (!o) return { kind: 'absent' }
    return { kind: 'found', status: o.status, filled: o.filled, final: !OPEN.has(o.status) }
  }
}

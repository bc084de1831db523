// The futures side of the embedded exchange as a deterministic state machine, beside the spot state in one
// ExchangeState (../exchange-state.ts): apply(command) changes state exactly as it did the first time,
// refusals throw a DomainError before anything changes. The books reuse the spot engine's matching walk; this
// class is its MatchHooks and settles every fill into positions (./settle.ts). The rules it dispatches to see it as
// a FuturesView (./futures-view.ts) and never import it.
import { FUTURES_CONTRACTS } from '../config/futures-contracts'
import { compareIds, IdGenerator, type Order } from '../engine'
import { refuse } from '../domain-error'
import type { MarketSink } from '../spot/spot-state'
import { INSURANCE, leverageOf, lockAdd, newAccount } from './accounts'
import { FuturesBooks } from './books'
import type { FuturesCommand, FuturesResult } from './commands'
import { unknownCommand } from '../spot/commands'
import { Contract } from './contract'
import { runLiquidations } from './liquidation'
import { tick } from './tick'
import { cancelCmd, placeCmd, tidyAccount } from './orders'
import { boundOrders, MAX_FUTURES_ORDERS } from './order-bound'
import { FuturesRecords } from './records'
import { editLeverage, editMarginModel, editPositionModel } from './settings-edit'
import { settleSide } from './settle'
import {
  restoreFutures,
  snapshotFutures,
  type FuturesCounters,
  type FuturesParts,
  type FuturesSnapshot
} from './snapshot'
import { deposit, transfer } from './transfer'
import { cancelTrigger, editTriggerTime, placeCondition, placeTpsl } from './triggers'
import type { ContractMarket, FOrder, FuturesAccount, MarginMode, Trigger } from './types'
import type { FuturesSpot, FuturesView } from './futures-view'

export const FUTURES_ORDER_ID_BASE = 1176901856236716480n
export const FUTURES_TRADE_ID_BASE = 1941137766571030528n

export class FuturesState implements FuturesView {
  readonly contracts = new Map<string, Contract>(FUTURES_CONTRACTS.map((c) => [c.symbol, new Contract(c)]))
  readonly accounts = new Map<string, FuturesAccount>()
  readonly books: FuturesBooks
  /** Every open or waiting order of anyone, and users' finished ones up to `orderLimit` (./order-bound.ts). */
  readonly orders = new Map<string, FOrder>()
  /** Orders kept at most (finished ones dropped oldest first); tests lower it. */
  orderLimit = MAX_FUTURES_ORDERS
  readonly triggers = new Map<string, Trigger>()
  readonly market = new Map<string, ContractMarket>()
  readonly records: FuturesRecords
  /** Fees collected, per coin. */
  readonly fees = new Map<string, bigint>()
  /** Money that entered (transfers in, deposits) minus money that left, per coin: what equity must add up to. */
  readonly netInflow = new Map<string, bigint>()
  private readonly orderIds: IdGenerator
  private readonly tradeIds: IdGenerator
  /** Id counters and the next funding time: changed only through the next...() and scheduleFunding() methods. */
  private readonly counters: FuturesCounters
  /** The time of the command being applied. */
  private now = 0
  private sinkTo: MarketSink | null = null
  /** Accounts filled during the walk in progress. */
  private touched: Set<string> | null = null
  /** Accounts filled by the command being applied (checked for liquidation before it ends). */
  private filled = new Set<string>()

  constructor(
    private readonly spotSide: () => FuturesSpot,
    snapshot?: FuturesSnapshot
  ) {
    this.books = new FuturesBooks([...this.contracts.keys()])
    for (const c of this.contracts.values()) {
      this.market.set(c.symbol, {
        index: c.initialTicks,
        mark: c.initialTicks,
        basisE6: 0n,
        lastTick: 0,
        lastPrice: 0,
        fundingRateE8: 0n,
        appliedRateE8: 0n
      })
    }
    const restored = snapshot
      ? restoreFutures(this, snapshot)
      : {
          records: new FuturesRecords(),
          orderIds: new IdGenerator(FUTURES_ORDER_ID_BASE),
          tradeIds: new IdGenerator(FUTURES_TRADE_ID_BASE),
          counters: { posSeq: 0, orderSeq: 0, eventSeq: 0, transferSeq: 0, nextFunding: 0 }
        }
    this.records = restored.records
    this.orderIds = restored.orderIds
    this.tradeIds = restored.tradeIds
    this.counters = restored.counters
    if (!this.accounts.has(INSURANCE)) this.accounts.set(INSURANCE, newAccount(INSURANCE, false, true))
  }

  setSink(sink: MarketSink | null): void {
    this.sinkTo = sink
  }

  get sink(): MarketSink | null {
    return this.sinkTo
  }

  spot(): FuturesSpot {
    return this.spotSide()
  }

  get nextFunding(): number {
    return this.counters.nextFunding
  }

  scheduleFunding(time: number): void {
    this.counters.nextFunding = time
  }

  nextOrderId(): string {
    return this.orderIds.next()
  }

  nextOrderSeq(): number {
    return ++this.counters.orderSeq
  }

  nextEventId(): string {
    return String(++this.counters.eventSeq)
  }

  nextTransferId(): string {
    return String(++this.counters.transferSeq)
  }

  addInflow(coin: string, amount: bigint): void {
    this.netInflow.set(coin, (this.netInflow.get(coin) ?? 0n) + amount)
  }

  contract(symbol: string): Contract {
    const c = this.contracts.get(symbol)
    if (!c) refuse('BAD_SYMBOL', `Invalid contract '${symbol}'`)
    return c
  }

  contractById(id: number): Contract | undefined {
    return [...this.contracts.values()].find((c) => c.id === id)
  }

  /** The account's futures state, made on first use; the account must exist (spot state) or be the fund. */
  account(id: string): FuturesAccount {
    let a = this.accounts.get(id)
    if (a) return a
    const info = this.spot().accounts.get(id)
    if (!info) refuse('UNAUTHORIZED', `Unknown account ${id}`)
    a = newAccount(id, !info.bot)
    this.accounts.set(id, a)
    return a
  }

  /** The account as it is, or a fresh one not yet in the futures state (checks read it; adopt() keeps it). */
  draft(id: string): FuturesAccount {
    const a = this.accounts.get(id)
    if (a) return a
    const info = this.spot().accounts.get(id)
    if (!info) refuse('UNAUTHORIZED', `Unknown account ${id}`)
    return newAccount(id, !info.bot)
  }

  adopt(acc: FuturesAccount): FuturesAccount {
    if (!this.accounts.has(acc.id)) this.accounts.set(acc.id, acc)
    return acc
  }

  /** Numeric user id of an account (creation order, as the spec's long user ids). */
  uidOf(account: string): string {
    if (account === INSURANCE) return '10000000'
    let i = 0
    for (const k of this.spot().accounts.keys()) {
      i++
      if (k === account) return String(10_000_000 + i)
    }
    return '0'
  }

  markOf(contract: string): number {
    return this.market.get(contract)!.mark
  }

  leverageOf(acc: FuturesAccount, contract: string, mode: MarginMode): number {
    return leverageOf(acc, this.contracts.get(contract)!, mode)
  }

  leverage(acc: FuturesAccount, contract: string, mode: MarginMode): number {
    return this.leverageOf(acc, contract, mode)
  }

  addFee(coin: string, fee: bigint): void {
    this.fees.set(coin, (this.fees.get(coin) ?? 0n) + fee)
  }

  nextPositionId(): string {
    return String(++this.counters.posSeq)
  }

  apply(cmd: FuturesCommand): FuturesResult {
    this.now = cmd.time
    this.filled.clear()
    const result = this.dispatch(cmd)
    // The mark moves only at the tick (which liquidates everyone), but a fill off the mark, or a close's fee, can
    // put an account past its liquidation price in between: the accounts a command filled are checked at once,
    // and so are those the liquidation's own fills reach.
    for (let guard = 0; this.filled.size > 0 && guard < 100; guard++) {
      const accounts = new Set(this.filled)
      this.filled.clear()
      runLiquidations(this, cmd.time, accounts)
    }
    boundOrders(this.orders, this.triggers, this.orderLimit)
    return result
  }

  private dispatch(cmd: FuturesCommand): FuturesResult {
    switch (cmd.t) {
      case 'futures.place':
        return { order: placeCmd(this, cmd) }
      case 'futures.cancel':
        return { order: cancelCmd(this, cmd) }
      case 'futures.condition':
        return placeCondition(this, cmd)
      case 'futures.tpsl':
        return placeTpsl(this, cmd)
      case 'futures.triggerCancel':
        return cancelTrigger(this, cmd)
      case 'futures.triggerTime':
        return editTriggerTime(this, cmd)
      case 'futures.leverage':
        editLeverage(this, cmd)
        return undefined
      case 'futures.positionModel':
        editPositionModel(this, cmd)
        return undefined
      case 'futures.marginModel':
        editMarginModel(this, cmd)
        return undefined
      case 'futures.transfer':
        return transfer(this, cmd)
      case 'futures.deposit':
        deposit(this, cmd)
        return undefined
      case 'futures.tick':
        tick(this, cmd)
        return undefined
      default:
        return unknownCommand(cmd, 'futures')
    }
  }

  // ---- matching ----

  /** Runs `walk` collecting the accounts it fills, then tidies them (reduce-only clamps, one-way rules, TP/SL). */
  walk(contract: string, first: string, walk: () => void): void {
    const outer = this.touched
    const touched = new Set<string>([first])
    this.touched = touched
    try {
      walk()
    } finally {
      this.touched = outer
    }
    for (const id of [...touched].sort()) {
      tidyAccount(this, id, contract, this.now)
      this.filled.add(id)
    }
  }

  fill(taker: Order, maker: Order, price: number, qty: number): void {
    const t = this.orders.get(taker.id)!
    const m = this.orders.get(maker.id)!
    const c = this.contracts.get(t.contract)!
    const tradeId = this.tradeIds.next()
    const time = this.now
    const buy = t.side === 'BUY' ? t : m
    const sell = t.side === 'BUY' ? m : t
    for (const [o, isMaker] of [
      [t, false],
      [m, true]
    ] as const) {
      const acc = this.accounts.get(o.account)!
      if (isMaker && o.lockUnit !== 0n) lockAdd(acc, c.coin, -(o.lockUnit * BigInt(qty)))
      const r = settleSide(this, {
        acc,
        c,
        side: o.side,
        action: o.action,
        key: o.key,
        positionType: o.positionType,
        qty,
        price,
        feePpm: isMaker ? c.cfg.makerFeePpm : c.cfg.takerFeePpm,
        time
      })
      o.executedQty += qty
      o.executedTicks += BigInt(price) * BigInt(qty)
      o.fee += r.fee
      o.updateTime = time
      if (acc.tracked) {
        o.fills.push({ tradeId, price, qty, fee: r.fee })
        this.records.trade(acc.id, {
          tradeId,
          orderId: o.id,
          contract: c.symbol,
          side: o.side,
          isMaker,
          action: o.action,
          price,
          qty,
          fee: r.fee,
          realized: r.pnl,
          bidId: buy.id,
          askId: sell.id,
          bidAccount: buy.account,
          askAccount: sell.account,
          time
        })
      }
      this.touched?.add(acc.id)
    }
    m.status = maker.remaining === 0 ? 'FILLED' : 'PARTIALLY_FILLED'
    this.market.get(c.symbol)!.lastPrice = price
    this.sinkTo?.onTrade(c.symbol, { id: tradeId, price: c.priceText(price), qty: String(qty), side: t.side, time })
  }

  makerFilled(maker: Order): void {
    this.books.forget(maker)
    this.retire(this.orders.get(maker.id)!)
  }

  selfTrade(maker: Order): void {
    this.books.forget(maker)
    const o = this.orders.get(maker.id)!
    const acc = this.accounts.get(o.account)!
    lockAdd(acc, this.contracts.get(o.contract)!.coin, -(o.lockUnit * BigInt(maker.remaining)))
    o.status = 'CANCELED'
    o.updateTime = this.now
    this.retire(o)
  }

  /** A finished order of an untracked account is forgotten. */
  retire(o: FOrder): void {
    if (!this.accounts.get(o.account)?.tracked) this.orders.delete(o.id)
  }

  /** Open (resting) orders of an account, oldest first. */
  openOrders(account: string, contract?: string): FOrder[] {
    return this.books
      .openOf(account, contract)
      .map((e) => this.orders.get(e.id)!)
      .sort((a, b) => a.seq - b.seq)
  }

  /** Orders and triggers of an account, newest first (ids ascend with creation). */
  ordersOf(account: string, contract?: string): FOrder[] {
    const out: FOrder[] = []
    for (const o of this.orders.values())
      if (o.account === account && (contract === undefined || o.contract === contract)) out.push(o)
    return out.sort((a, b) => compareIds(b.id, a.id))
  }

  snapshot(): FuturesSnapshot {
    const { records, orderIds, tradeIds, counters } = this
    return snapshotFutures({ ...this.parts(), records, orderIds, tradeIds, counters })
  }

  private parts(): FuturesParts {
    const { accounts, orders, triggers, market, fees, netInflow } = this
    return { accounts, orders, triggers, market, fees, netInflow }
  }
}

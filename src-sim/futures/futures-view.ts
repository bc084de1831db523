// What the futures rules (orders, triggers, settings, transfers, marks, funding, liquidation, the tick) work on:
// the futures state seen through this interface, so none of them imports the class that dispatches commands to
// them (futures-state.ts implements it). The collections are the state's own; its counters and totals change only
// through the methods here.
import type { SpotEngine } from '../engine'
import type { MatchHooks } from '../engine/matching'
import type { MarketSink } from '../spot/spot-state'
import type { FuturesBooks } from './books'
import type { Contract } from './contract'
import type { FuturesRecords } from './records'
import type { RiskView } from './risk'
import type { SettleContext } from './settle'
import type { ContractMarket, FOrder, FuturesAccount, Trigger } from './types'

/** What futures needs of the spot side: its accounts, its books' best prices (the index), its wallets (transfers). */
export interface FuturesSpot {
  readonly accounts: ReadonlyMap<string, { readonly bot?: boolean }>
  readonly markets: ReadonlyMap<string, { readonly pricePrecision: number }>
  readonly engine: Pick<SpotEngine, 'bestBid' | 'bestAsk' | 'balance' | 'withdraw' | 'deposit'>
}

/** The books' matching walk calls back into it (MatchHooks): fills settle into positions. */
export interface FuturesView extends MatchHooks, RiskView, SettleContext {
  readonly contracts: ReadonlyMap<string, Contract>
  readonly accounts: ReadonlyMap<string, FuturesAccount>
  readonly books: FuturesBooks
  /** Every open or waiting order of anyone, and users' finished ones up to a bound (./order-bound.ts). */
  readonly orders: Map<string, FOrder>
  readonly triggers: Map<string, Trigger>
  /** Index, mark and funding per contract; the tick updates the entries. */
  readonly market: ReadonlyMap<string, ContractMarket>
  readonly records: FuturesRecords
  /** Where trades and book changes go (the market-data hub). */
  readonly sink: MarketSink | null
  /** Next funding settlement, ms (0: not scheduled yet). */
  readonly nextFunding: number
  spot(): FuturesSpot
  /** The contract, or a BAD_SYMBOL refusal. */
  contract(symbol: string): Contract
  /** The account's futures state, made on first use; the account must exist (spot state) or be the fund. */
  account(id: string): FuturesAccount
  /** The account as it is, or a fresh one not yet in the state (checks read it; adopt() keeps it). */
  draft(id: string): FuturesAccount
  adopt(acc: FuturesAccount): FuturesAccount
  /** Open (resting) orders of an account, oldest first. */
  openOrders(account: string, contract?: string): FOrder[]
  /** Orders and triggers of an account, newest first. */
  ordersOf(account: string, contract?: string): FOrder[]
  /** A finished order of an untracked account is forgotten. */
  retire(o: FOrder): void
  /** Runs a matching walk, then tidies the accounts it filled. */
  walk(contract: string, first: string, walk: () => void): void
  nextOrderId(): string
  /** Placement order of resting orders (price-time priority across a restart). */
  nextOrderSeq(): number
  /** Id of a liquidation or ADL event. */
  nextEventId(): string
  nextTransferId(): string
  /** Money that entered (+) or left (-) the futures side, per coin. */
  addInflow(coin: string, amount: bigint): void
  scheduleFunding(time: number): void
}

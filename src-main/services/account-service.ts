// Private reads of a profile's account: balances, orders, fills, fund records, the futures account and its
// records. Also the source the poll scheduler reads from (same calls, its priority) and the rate use it watches.
import { CAPITAL_FLOW_TYPE, DEPOSIT_STATUS, WITHDRAW_STATUS } from '@shared/api/wire'
import type * as V from '@shared/ipc/views/account'
import type { z } from 'zod'
import type * as S from '@shared/ipc/schemas/account'
import type { FuturesAccountEntry, FuturesPosition, Priority } from '../client/types'
import type { Instruments } from './instruments'
import { futuresOpenOrder, spotOpenOrder } from './order-views'
import type { PartValue, PollPart, PollSource, RateUse } from './poll-scheduler'
import type { ProfileRuntime, Venues } from './venues'
import type { Module } from '@shared/module'

type In<T extends z.ZodType> = z.output<T>
const text = (map: Record<string | number, string>, code: string | number): string => map[code] ?? `UNKNOWN_${code}`
/** Spot myTrades pages at most 100 (catalog); the contract allows up to 1000 for the other modules. */
const clamp = (limit: number | undefined, max: number): number | undefined =>
  limit === undefined ? undefined : Math.min(limit, max)

/** `symbol` is '' for a futures list of every contract. */
export type OpenOrdersWatcher = (profileId: string, module: Module, symbol: string, orders: V.OpenOrderView[]) => void
/** Every read of the futures account's positions (polls and commands alike). */
export type PositionsWatcher = (profileId: string, positions: readonly V.PositionView[]) => void

export class AccountService implements PollSource {
  readonly #openOrderWatchers = new Set<OpenOrdersWatcher>()
  readonly #positionWatchers = new Set<PositionsWatcher>()

  constructor(
    private readonly venues: Venues,
    private readonly instruments: Instruments
  ) {}

  async balances(i: In<typeof S.balancesInput>, priority: Priority = 'user'): Promise<V.BalanceView[]> {
    const r = await this.venues.get(i.profileId).client.call('spot.account', undefined, { priority })
    return r.balances.map((b) => ({ asset: b.asset, free: b.free, locked: b.locked }))
  }

  async openOrders(i: In<typeof S.openOrdersInput>, priority: Priority = 'user'): Promise<V.OpenOrderView[]> {
    const rt = this.venues.get(i.profileId)
    if (i.module === 'futures') {
      const list = (
        await rt.client.call('futures.openOrders', i.symbol ? { contractName: i.symbol } : undefined, { priority })
      ).map(futuresOpenOrder)
      for (const w of this.#openOrderWatchers) w(rt.profile.id, 'futures', i.symbol ?? '', list)
      return list
    }
    const id = i.module === 'spot' ? 'spot.openOrders' : 'margin.openOrders'
    const list = (await rt.client.call(id, { symbol: i.symbol, limit: 1000 }, { priority })).map((o) =>
      spotOpenOrder(i.module, o)
    )
    for (const w of this.#openOrderWatchers) w(rt.profile.id, i.module, i.symbol, list)
    return list
  }

  /** Every open-orders list read (polls and commands alike), for the order history and the gateway. */
  watchOpenOrders(fn: OpenOrdersWatcher): () => void {
    this.#openOrderWatchers.add(fn)
    return () => this.#openOrderWatchers.delete(fn)
  }

  /** Every read of the positions through the futures account (the TP/SL keeper follows their sizes). */
  watchPositions(fn: PositionsWatcher): () => void {
    this.#positionWatchers.add(fn)
    return () => this.#positionWatchers.delete(fn)
  }

  async orderHistory(i: In<typeof S.futuresOrderHistoryInput>): Promise<V.FuturesOrderHistoryView[]> {
    return this.venues
      .get(i.profileId)
      .client.call('futures.orderHistorical', { contractName: i.symbol, limit: i.limit, fromId: i.fromId })
  }

  async trades(i: In<typeof S.tradesInput>): Promise<V.UserTradeView[]> {
    const c = this.venues.get(i.profileId).client
    if (i.module === 'futures') {
      const list = await c.call('futures.myTrades', { contractName: i.symbol, limit: i.limit, fromId: i.fromId })
      return list.map((t) => ({
        module: 'futures',
        symbol: t.contractName,
        id: t.tradeId,
        side: t.isBuyer ? 'BUY' : 'SELL',
        price: t.price,
        qty: t.qty,
        fee: t.fee,
        feeCoin: null,
        isMaker: t.isMaker,
        time: t.time
      }))
    }
    const id = i.module === 'spot' ? 'spot.myTrades' : 'margin.myTrades'
    const list = await c.call(id, {
      symbol: i.symbol,
      limit: clamp(i.limit, i.module === 'spot' ? 100 : 1000),
      fromId: i.fromId
    })
    return list.map((t) => ({
      module: i.module,
      symbol: t.symbol,
      id: t.id,
      side: t.isBuyer ? 'BUY' : 'SELL',
      price: t.price,
      qty: t.qty,
      fee: t.fee,
      feeCoin: t.feeCoin,
      isMaker: t.isMaker,
      time: t.time
    }))
  }

  async deposits(i: In<typeof S.depositsInput>): Promise<V.DepositView[]> {
    const list = await this.venues.get(i.profileId).client.call('spot.depositHistory', fundsQuery(i))
    return list.map((d) => ({
      asset: d.symbol,
      amount: d.amount,
      address: d.address,
      txid: d.txid,
      status: d.status,
      statusText: text(DEPOSIT_STATUS, d.status),
      time: d.createTime
    }))
  }

  async withdrawals(i: In<typeof S.withdrawalsInput>): Promise<V.WithdrawView[]> {
    const list = await this.venues.get(i.profileId).client.call('spot.withdrawHistory', fundsQuery(i))
    return list.map((w) => ({
      asset: w.symbol,
      amount: w.amount,
      address: w.address,
      txid: w.txid,
      status: w.status,
      statusText: text(WITHDRAW_STATUS, w.status),
      time: w.createTime,
      withdrawId: w.withdrawId,
      fee: w.fee
    }))
  }

  async futuresAccount(
    i: In<typeof S.futuresAccountInput>,
    priority: Priority = 'user'
  ): Promise<V.FuturesAccountView[]> {
    return (await this.#account(this.venues.get(i.profileId), priority)).account
  }

  async positions(i: In<typeof S.positionsInput>): Promise<V.PositionView[]> {
    const rt = this.venues.get(i.profileId)
    const { positions } = await rt.client.call('futures.positions', i.symbol ? { contractName: i.symbol } : undefined)
    // Positions name their contract by id only; an unknown id is learned from the account's position groups.
    if (positions.some((p) => this.instruments.contractNameOf(rt, p.contractId) === undefined))
      await this.#account(rt, 'user')
    return positions.map((p) => this.#position(rt, p, i.symbol))
  }

  async pnlHistory(i: In<typeof S.pnlHistoryInput>): Promise<V.PnlView[]> {
    return this.venues
      .get(i.profileId)
      .client.call('futures.profitHistorical', { contractName: i.symbol, limit: i.limit, fromId: i.fromId })
  }

  /**
   * Closing fills (tradesRecord), newest first: each partial close with its realized PnL. Without fromId, the latest.
   */
  async closingFills(i: In<typeof S.closingFillsInput>): Promise<V.ClosingFillView[]> {
    const list = await this.venues
      .get(i.profileId)
      .client.call('futures.tradesRecord', { contractName: i.symbol, limit: i.limit, fromId: i.fromId })
    return list
      .filter((t) => t.openOrClose.toUpperCase() === 'CLOSE')
      .map((t) => ({
        tradeId: t.tradeId,
        symbol: t.contractName,
        side: t.side,
        price: t.price,
        qty: t.qty,
        fee: t.fee,
        realized: t.realizedAmount,
        time: t.time
      }))
      .reverse()
  }

  async capitalFlow(i: In<typeof S.capitalFlowInput>): Promise<V.CapitalFlowView[]> {
    const r = await this.venues
      .get(i.profileId)
      .client.call('futures.capital', { beginTime: i.startTime, endTime: i.endTime, page: i.page, limit: i.limit })
    return r.records.map((x) => ({ ...x, typeText: text(CAPITAL_FLOW_TYPE, x.type) }))
  }

  async triggerOrders(i: In<typeof S.triggerOrdersInput>): Promise<V.TriggerOrdersView> {
    const r = await this.venues
      .get(i.profileId)
      .client.call('futures.triggerOrder.list', { contractName: i.symbol, page: i.page ?? 1, limit: i.limit ?? 100 })
    return { count: r.count, orders: r.trigOrderList }
  }

  async adl(i: In<typeof S.adlInput>): Promise<V.AdlView[]> {
    return this.venues
      .get(i.profileId)
      .client.call('futures.adlRecord', { contractName: i.symbol, limit: i.limit, fromId: i.fromId })
  }

  async liquidations(i: In<typeof S.liquidationsInput>): Promise<V.AdlView[]> {
    return this.venues
      .get(i.profileId)
      .client.call('futures.liquidationList', { contractName: i.symbol, limit: i.limit, fromId: i.fromId })
  }

  // ---- PollSource ----

  async fetch(profileId: string, part: PollPart, priority: Priority): Promise<PartValue> {
    switch (part.kind) {
      case 'balances':
        return { kind: 'balances', balances: await this.balances({ profileId }, priority) }
      case 'openOrders':
        return {
          kind: 'openOrders',
          orders: await this.openOrders({ profileId, module: part.module, symbol: part.symbol }, priority)
        }
      case 'futuresOpenOrders':
        return { kind: 'openOrders', orders: await this.openOrders({ profileId, module: 'futures' }, priority) }
      case 'futuresAccount':
        return { kind: 'futuresAccount', ...(await this.#account(this.venues.get(profileId), priority)) }
    }
  }

  rateUse(profileId: string): RateUse {
    const use: RateUse = { maxUse: 0, queuedUser: 0, queuedBackground: 0 }
    for (const b of this.venues.get(profileId).client.rateStats()) {
      use.maxUse = Math.max(use.maxUse, b.plannedCount > 0 ? b.used / b.plannedCount : 0)
      use.queuedUser += b.queuedUser
      use.queuedBackground += b.queuedBackground
    }
    return use
  }

  /** The futures account without its nested positions, and the positions flattened with their contract names. */
  async #account(
    rt: ProfileRuntime,
    priority: Priority
  ): Promise<{ account: V.FuturesAccountView[]; positions: V.PositionView[] }> {
    const r = await rt.client.call('futures.account', undefined, { priority })
    const entries: FuturesAccountEntry[] = r.account
    for (const e of entries) this.instruments.learnContractIds(rt, e.positionVos)
    const account = entries.map(({ positionVos: _groups, ...rest }) => rest)
    const positions = entries.flatMap((e) =>
      e.positionVos.flatMap((g) => g.positions.map((p) => ({ ...p, contractName: g.contractName })))
    )
    for (const w of this.#positionWatchers) w(rt.profile.id, positions)
    return { account, positions }
  }

  #position(rt: ProfileRuntime, p: FuturesPosition, asked: string | undefined): V.PositionView {
    return { ...p, contractName: this.instruments.contractNameOf(rt, p.contractId) ?? asked ?? `#${p.contractId}` }
  }
}

function fundsQuery(i: In<typeof S.depositsInput>) {
  return { symbol: i.asset, status: i.status, startTime: i.startTime, endTime: i.endTime, txid: i.txid, limit: i.limit }
}

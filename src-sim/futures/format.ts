// Futures resources as the spec and api-family-notes shape them. Numbers the spec types as number go out as
// JSON numbers written from exact text (JsonDecimal), ids included (orderId is a long above 2^53: a number on
// the wire that never passed through a float); decimals the spec types as string go out as strings.
import { formatScaled, formatScaledMin } from '../engine'
import type * as W from '@shared/api/wire'
import { toJsonNumber, type JsonDecimal } from '@shared/decimal'
import { utcDateTime } from '../market'
import { settingsOf } from './accounts'
import type { Contract } from './contract'
import { E8, moneyJson, moneyText, roundDiv } from './money'
import type { CapitalRec, EventRec, PnlRec, TradeRec } from './records'
import {
  availableOf,
  coinRisk,
  collateralOf,
  keepPpm,
  liquidationPrice,
  type CoinRisk,
  type PositionRisk
} from './risk'
import type { FOrder, FuturesAccount, Trigger } from './types'
import type { FuturesState } from './futures-state'

const J = (text: string): JsonDecimal => toJsonNumber(text)
const ppmText = (ppm: number): string => formatScaled(ppm, 6, true)

/** Average of sum(price*qty) / qty, at the contract's precision plus up to 4 more decimals. */
export function avgTicksText(c: Contract, ticks: bigint, qty: number): string {
  if (qty === 0) return c.priceText(0)
  const v = roundDiv(ticks * 10_000n, BigInt(qty))
  return formatScaledMin(v, c.pp + 4, c.pp)
}

/** A ratio a / b with 8 decimals (0 when b is 0). */
function ratio(a: bigint, b: bigint): JsonDecimal {
  return J(b === 0n ? '0' : formatScaled(roundDiv(a * E8, b), 8, true))
}

const HISTORY_TYPE = { LIMIT: 1, MARKET: 2, IOC: 3, FOK: 4, POST_ONLY: 5 } as const
const HISTORY_STATUS = { INIT: 0, NEW: 1, FILLED: 2, PARTIALLY_FILLED: 3, CANCELED: 4, REJECTED: 6 } as const

function origQty(o: FOrder): string {
  return o.volume === 0 && o.status === 'INIT' ? o.requested : String(o.volume)
}

export function orderDetail(v: FuturesState, o: FOrder): W.Written<W.FuturesOrderDetail> {
  const c = v.contracts.get(o.contract)!
  return {
    orderId: J(o.id),
    contractName: o.contract,
    side: o.side,
    action: o.action,
    type: o.type,
    price: J(c.priceText(o.price)),
    origQty: J(origQty(o)),
    executedQty: J(String(o.executedQty)),
    avgPrice: J(avgTicksText(c, o.executedTicks, o.executedQty)),
    transactTime: String(o.time),
    status: o.status,
    fills: o.fills.map((f) => ({
      tradeId: J(f.tradeId),
      price: J(c.priceText(f.price)),
      qty: J(String(f.qty)),
      commission: moneyJson(f.fee),
      commissionCoin: c.coin
    }))
  }
}

function dealMoney(c: Contract, o: FOrder): bigint {
  return c.linear ? o.executedTicks * c.unit(1) : BigInt(o.executedQty) * c.multMoney
}

export function orderHistory(v: FuturesState, o: FOrder): W.Written<W.FuturesOrderHistory> {
  const c = v.contracts.get(o.contract)!
  const type = o.type === 'MARKET' ? 2 : HISTORY_TYPE[o.tif === 'GTC' ? 'LIMIT' : o.tif]
  const rate = (ppm: number): JsonDecimal => J(ppmText(ppm))
  return {
    orderId: J(o.id),
    contractName: o.contract,
    side: o.side,
    openOrClose: o.action,
    positionType: o.positionType,
    type,
    price: J(c.priceText(o.price)),
    volume: J(origQty(o)),
    dealVolume: J(String(o.executedQty)),
    dealMoney: moneyJson(dealMoney(c, o)),
    avgPrice: J(avgTicksText(c, o.executedTicks, o.executedQty)),
    leverageLevel: o.leverage,
    openTakerFeeRate: rate(c.cfg.takerFeePpm),
    openMakerFeeRate: rate(c.cfg.makerFeePpm),
    closeTakerFeeRate: rate(c.cfg.takerFeePpm),
    closeMakerFeeRate: rate(c.cfg.makerFeePpm),
    status: o.expired ? 6 : HISTORY_STATUS[o.status],
    ctime: utcDateTime(o.time),
    ctimeMs: o.time
  }
}

export function pnlHistory(v: FuturesState, r: PnlRec): W.Written<W.FuturesPnlHistory> {
  const c = v.contracts.get(r.contract)!
  const net = r.closeProfit - r.tradeFee - r.capitalFee
  return {
    id: J(r.id),
    contractId: c.id,
    side: r.side,
    positionType: r.positionType,
    leverageLevel: r.leverage,
    openPrice: J(avgTicksText(c, r.openTicks, r.openQty)),
    openEndPrice: J(avgTicksText(c, r.closeTicks, r.closeQty)),
    volume: J(String(r.openQty)),
    tradeFee: moneyJson(r.tradeFee),
    capitalFee: moneyJson(r.capitalFee),
    shareAmount: J('0'), // no loss is socialized (see positionOut)
    closeProfit: moneyJson(r.closeProfit),
    settleProfit: moneyJson(net),
    realizedAmount: moneyJson(net),
    historyRealizedAmount: moneyJson(r.historyRealized),
    ctime: r.ctime,
    mtime: r.mtime
  }
}

export function userTrade(v: FuturesState, t: TradeRec): W.Written<W.FuturesUserTrade> {
  const c = v.contracts.get(t.contract)!
  return {
    tradeId: J(t.tradeId),
    symbol: t.contract,
    contractName: t.contract,
    bidId: J(t.bidId),
    askId: J(t.askId),
    bidUserId: J(v.uidOf(t.bidAccount)),
    askUserId: J(v.uidOf(t.askAccount)),
    price: c.priceText(t.price),
    qty: String(t.qty),
    amount: moneyText(c.linear ? c.value(t.qty, t.price) : BigInt(t.qty) * c.multMoney),
    time: t.time,
    side: t.side,
    isBuyer: t.side === 'BUY',
    isMaker: t.isMaker,
    fee: moneyText(t.fee)
  }
}

export function tradesRecord(v: FuturesState, t: TradeRec): W.Written<W.TradesRecord> {
  const c = v.contracts.get(t.contract)!
  return {
    tradeId: J(t.tradeId),
    contractName: t.contract,
    side: t.side,
    openOrClose: t.action,
    price: c.priceText(t.price),
    qty: String(t.qty),
    fee: moneyText(t.fee),
    realizedAmount: moneyText(t.realized),
    time: t.time
  }
}

export function eventRecord(v: FuturesState, r: EventRec): W.Written<W.AdlRecord> {
  const c = v.contracts.get(r.contract)!
  return {
    id: J(r.id),
    contractName: r.contract,
    side: r.side,
    positionType: r.positionType,
    volume: J(String(r.volume)),
    price: J(c.priceText(r.price)),
    time: r.time
  }
}

export function capitalRecord(r: CapitalRec): W.CapitalFlowRecord {
  return {
    contractName: r.contract,
    type: r.type,
    amount: moneyText(r.amount),
    balance: moneyText(r.balance),
    time: r.time
  }
}

/** Cost-basis entry price of the contracts held. */
function entryText(c: Contract, pr: PositionRisk): string {
  const { p } = pr
  if (p.qty === 0 || p.cost === 0n) return c.priceText(0)
  // linear: cost / (qty * unit(1 tick)) ticks, with 4 more decimals; inverse: the harmonic mean
  // qty * unit(1 tick) / cost, rounded to the tick (one contract's value is itself rounded to 10^-12 BTC).
  if (!c.linear) return c.priceText(Number(roundDiv(BigInt(p.qty) * c.unit(1), p.cost)))
  const ticksE4 = roundDiv(p.cost * 10_000n, BigInt(p.qty) * c.unit(1))
  return formatScaledMin(ticksE4, c.pp + 4, c.pp)
}

export function positionOut(acc: FuturesAccount, r: CoinRisk, pr: PositionRisk): W.Written<W.FuturesPosition> {
  const { p, c } = pr
  const lev = settingsOf(acc, c).lever[p.positionType - 1]!
  const cross = p.positionType === 1
  const equity = cross ? r.wallet + r.crossUpnl : p.margin + pr.upnl
  const realized = p.closeProfit - p.tradeFee - p.capitalFee
  return {
    id: J(p.id),
    contractId: c.id,
    positionType: p.positionType,
    side: p.side,
    volume: J(String(p.qty)),
    openPrice: J(avgTicksText(c, p.openTicks, p.openQty)),
    avgPrice: J(entryText(c, pr)),
    leverageLevel: J(String(lev)),
    holdAmount: moneyJson(pr.im),
    realizedAmount: moneyJson(realized),
    historyRealizedAmount: moneyJson(acc.historyRealized.get(`${c.symbol}|${p.side}`) ?? 0n),
    unRealizedAmount: moneyJson(pr.upnl),
    openRealizedAmount: moneyJson(pr.upnl),
    positionBalance: moneyJson(pr.value),
    marginRate: ratio(equity, cross ? r.crossValue : pr.value),
    reducePrice: J(c.priceText(liquidationPrice(c, p, collateralOf(r, pr, true)))),
    returnRate: ratio(pr.upnl, pr.im),
    indexPrice: J(c.priceText(pr.mark)),
    keepRate: J(ppmText(keepPpm(c, p.qty))),
    maxFeeRate: J(ppmText(c.cfg.takerFeePpm)),
    tradeFee: moneyJson(p.tradeFee),
    capitalFee: moneyJson(p.capitalFee),
    // Both 0 by the venue's rules, not for want of state. shareAmount (socialized loss share): no loss is ever
    // socialized; what the insurance fund cannot close on the book is auto-deleveraged at the bankruptcy price
    // (./liquidation.ts). freezeLock (1 liquidation, 2 delivery freeze): a liquidation runs whole inside one
    // command (the tick, or the command whose fill caused it), so no position is ever seen mid-liquidation, and
    // the contracts are perpetual (type E): nothing is delivered.
    shareAmount: J('0'),
    freezeLock: 0,
    status: 1
  }
}

/** Positions of an account, optionally of one contract, contracts in id order. */
export function positionsOut(
  v: FuturesState,
  acc: FuturesAccount | undefined,
  contract?: string
): W.Written<W.FuturesPosition>[] {
  if (!acc) return []
  const out: { id: number; pos: number; body: W.Written<W.FuturesPosition> }[] = []
  for (const coin of [...new Set([...v.contracts.values()].map((c) => c.coin))]) {
    const r = coinRisk(v, acc, coin)
    for (const pr of r.positions) {
      if (contract !== undefined && pr.p.contract !== contract) continue
      out.push({ id: pr.c.id, pos: Number(pr.p.id), body: positionOut(acc, r, pr) })
    }
  }
  return out.sort((a, b) => a.id - b.id || a.pos - b.pos).map((x) => x.body)
}

export function accountOut(
  v: FuturesState,
  acc: FuturesAccount | undefined,
  coin: string
): W.Written<W.FuturesAccountEntry> {
  const empty: FuturesAccount = acc ?? {
    id: '',
    system: false,
    tracked: false,
    wallet: new Map(),
    lock: new Map(),
    achieved: new Map(),
    settings: new Map(),
    positions: new Map(),
    historyRealized: new Map()
  }
  const r = coinRisk(v, empty, coin)
  const groups = new Map<string, W.Written<W.FuturesPosition>[]>()
  for (const pr of r.positions) {
    const l = groups.get(pr.c.symbol) ?? []
    l.push(positionOut(empty, r, pr))
    groups.set(pr.c.symbol, l)
  }
  const totalEquity = r.wallet + r.crossUpnl
  return {
    marginCoin: coin,
    accountNormal: moneyJson(r.wallet),
    accountLock: moneyJson(r.lock),
    partPositionNormal: moneyJson(r.isoMargin),
    totalPositionNormal: moneyJson(r.crossIm),
    achievedAmount: moneyJson(empty.achieved.get(coin) ?? 0n),
    unrealizedAmount: moneyJson(r.crossUpnl + r.isoUpnl),
    totalEquity: moneyJson(totalEquity),
    partEquity: moneyJson(r.isoMargin + r.isoUpnl),
    totalCost: moneyJson(r.crossIm + r.lock),
    totalMarginRate: ratio(totalEquity, r.crossValue),
    sumMarginRate: ratio(r.wallet + r.isoMargin + r.crossUpnl + r.isoUpnl, r.crossValue + r.isoValue),
    positionVos: [...v.contracts.values()]
      .filter((c) => groups.has(c.symbol))
      .map((c) => ({
        contractId: c.id,
        contractName: c.symbol,
        contractSymbol: c.symbol.replace(/^E-/, ''),
        positions: groups.get(c.symbol)!
      }))
  }
}

/** futures_balance element: balance = wallet + isolated margin; locked = order reserves + margin in use. */
export function walletBalance(v: FuturesState, acc: FuturesAccount | undefined, coin: string): W.FuturesWalletBalance {
  if (!acc) return { coinSymbol: coin, balance: '0', available: '0', locked: '0' }
  const r = coinRisk(v, acc, coin)
  const available = availableOf(r)
  return {
    coinSymbol: coin,
    balance: moneyText(r.wallet + r.isoMargin),
    available: moneyText(available > 0n ? available : 0n),
    locked: moneyText(r.lock + r.crossIm + r.isoMargin)
  }
}

export function triggerOut(v: FuturesState, t: Trigger): W.Written<W.TriggerOrder> {
  const c = v.contracts.get(t.contract)!
  const o = v.orders.get(t.id)
  return {
    id: J(t.id),
    triggerOrderId: J(t.id),
    contractId: c.id,
    contractName: c.symbol,
    marginCoin: c.coin,
    multiplier: J(c.cfg.multiplier),
    triggerPrice: J(c.priceText(t.triggerPrice)),
    price: J(c.priceText(o?.price ?? 0)),
    pricePrecision: c.pp,
    volume: J(o ? origQty(o) : '0'),
    open: o?.action ?? 'CLOSE',
    side: o?.side ?? 'SELL',
    status: t.status,
    expireTime: t.expireTime,
    ctime: t.ctime,
    mtime: t.mtime,
    triggerType: t.triggerType
  }
}

export function contractOut(c: Contract): W.Written<W.FuturesContract> {
  const cfg = c.cfg
  return {
    symbol: cfg.symbol,
    status: cfg.status,
    type: cfg.type,
    side: cfg.side,
    multiplier: J(cfg.multiplier),
    multiplierCoin: cfg.multiplierCoin,
    pricePrecision: cfg.pricePrecision,
    minOrderVolume: J(cfg.minOrderVolume),
    minOrderMoney: J(cfg.minOrderMoney),
    maxMarketVolume: J(cfg.maxMarketVolume),
    maxMarketMoney: J(cfg.maxMarketMoney),
    maxLimitVolume: J(cfg.maxLimitVolume),
    maxLimitMoney: J(cfg.maxLimitMoney),
    maxValidOrder: cfg.maxValidOrder
  }
}

export function indexOut(v: FuturesState, c: Contract, now: number): W.Written<W.FuturesIndex> {
  const m = v.market.get(c.symbol)!
  return {
    contractName: c.symbol,
    indexPrice: J(c.priceText(m.index)),
    markPrice: J(c.priceText(m.mark)),
    lastFundingRate: J(formatScaled(m.fundingRateE8, 8, true)),
    time: m.lastTick || now
  }
}

// Field kinds of every resource, checked for completeness against the normalized types at compile time
// (SchemaOf<T>): adding a field to a wire type without saying how to read it does not compile.
import type * as W from '../../../src-shared/api/wire'
import type * as N from '../types'
import type { SchemaOf } from './shape'

export const serverTime: SchemaOf<W.ServerTime> = { timezone: 'str', serverTime: 'int' }

export const ticker: SchemaOf<W.Ticker> = {
  time: 'int',
  high: 'dec',
  low: 'dec',
  last: 'dec',
  vol: 'dec',
  rose: 'dec',
  open: 'dec',
  amount: 'dec'
}

export const candle: SchemaOf<W.Candle> = {
  idx: 'int',
  open: 'dec',
  close: 'dec',
  high: 'dec',
  low: 'dec',
  vol: 'dec',
  amount: 'dec'
}

export const batchPlace: SchemaOf<W.BatchPlaceResult> = {
  ids: 'ids',
  failed: [{ index: 'int', code: 'int', msg: 'str' }]
}
export const batchCancel: SchemaOf<W.BatchCancelResult> = { success: 'ids', failed: 'ids' }

// ---- spot and margin ----
export const spotSymbol: SchemaOf<W.SpotSymbol> = {
  symbol: 'str',
  baseAsset: 'str',
  quoteAsset: 'str',
  pricePrecision: 'int',
  quantityPrecision: 'int',
  limitPriceMin: 'dec',
  limitVolumeMin: 'dec',
  marketBuyMin: 'dec',
  marketSellMin: 'dec'
}
export const spotSymbols: SchemaOf<W.SpotSymbolsResponse> = { symbols: [spotSymbol] }

export const publicTrade: SchemaOf<W.PublicTrade> = { price: 'dec', qty: 'dec', time: 'int', side: 'str' }

export const spotOrderCreate: SchemaOf<W.SpotOrderCreate> = {
  orderId: 'id', // live: ["3176901856236716480"]
  clientOrderId: 'str',
  symbol: 'str',
  transactTime: 'str',
  price: 'dec',
  origQty: 'dec',
  executedQty: 'dec',
  type: 'str',
  side: 'str',
  status: 'str'
}
export const spotOrderQuery: SchemaOf<W.SpotOrderQuery> = { ...spotOrderCreate, avgPrice: 'dec' }
const { transactTime: _t, clientOrderId: _c, ...openOrderBase } = spotOrderQuery
export const spotOpenOrder: SchemaOf<W.SpotOpenOrder> = { ...openOrderBase, time: 'str' }
export const spotCancel: SchemaOf<W.SpotCancel> = { symbol: 'str', clientOrderId: 'str', orderId: 'id', status: 'str' }

export const spotUserTrade: SchemaOf<W.SpotUserTrade> = {
  symbol: 'str',
  id: 'id',
  bidId: 'id',
  askId: 'id',
  price: 'dec',
  qty: 'dec',
  time: 'int',
  isBuyer: 'bool',
  isMaker: 'bool',
  feeCoin: 'str',
  fee: 'dec'
}
export const spotAccount: SchemaOf<W.SpotAccount> = { balances: [{ asset: 'str', free: 'dec', locked: 'dec' }] }

export const depositRecord: SchemaOf<W.DepositRecord> = {
  symbol: 'str',
  amount: 'dec',
  address: 'str',
  txid: 'str',
  status: 'int',
  createTime: 'int'
}
export const withdrawRecord: SchemaOf<W.WithdrawRecord> = { ...depositRecord, withdrawId: 'id', fee: 'dec' }

// ---- futures ----
export const futuresContract: SchemaOf<N.FuturesContract> = {
  symbol: 'str',
  status: 'int',
  type: 'str',
  side: 'int',
  multiplier: 'dec',
  multiplierCoin: 'str',
  pricePrecision: 'int',
  minOrderVolume: 'dec',
  minOrderMoney: 'dec',
  maxMarketVolume: 'dec',
  maxMarketMoney: 'dec',
  maxLimitVolume: 'dec',
  maxLimitMoney: 'dec',
  maxValidOrder: 'int'
}
export const indexTagPrice: SchemaOf<N.IndexTagPrice> = { symbol: 'str', indexPrice: 'dec', markPrice: 'dec' }

export const futuresOrderId: SchemaOf<W.FuturesOrderId> = { orderId: 'id' }
export const futuresFill: SchemaOf<N.FuturesFill> = {
  tradeId: 'id',
  price: 'dec',
  qty: 'dec',
  commission: 'dec',
  commissionCoin: 'str'
}
export const futuresOrderDetail: SchemaOf<N.FuturesOrderDetail> = {
  orderId: 'id',
  contractName: 'str',
  side: 'str',
  action: 'str',
  type: 'str',
  price: 'dec',
  origQty: 'dec',
  executedQty: 'dec',
  avgPrice: 'dec',
  transactTime: 'str',
  status: 'str',
  fills: [futuresFill]
}
export const futuresOpenOrdersPage: SchemaOf<N.FuturesOpenOrdersPage> = {
  count: 'int',
  orderList: [futuresOrderDetail]
}

export const futuresOrderHistory: SchemaOf<N.FuturesOrderHistory> = {
  orderId: 'id',
  contractName: 'str',
  side: 'str',
  openOrClose: 'str',
  positionType: 'int',
  type: 'int',
  price: 'dec',
  volume: 'dec',
  dealVolume: 'dec',
  dealMoney: 'dec',
  avgPrice: 'dec',
  leverageLevel: 'int',
  openTakerFeeRate: 'dec',
  openMakerFeeRate: 'dec',
  closeTakerFeeRate: 'dec',
  closeMakerFeeRate: 'dec',
  status: 'int',
  ctime: 'str',
  ctimeMs: 'int'
}
export const futuresPnlHistory: SchemaOf<N.FuturesPnlHistory> = {
  id: 'id',
  contractId: 'int',
  side: 'str',
  positionType: 'int',
  leverageLevel: 'int',
  openPrice: 'dec',
  openEndPrice: 'dec',
  volume: 'dec',
  tradeFee: 'dec',
  capitalFee: 'dec',
  shareAmount: 'dec',
  closeProfit: 'dec',
  settleProfit: 'dec',
  realizedAmount: 'dec',
  historyRealizedAmount: 'dec',
  ctime: 'int',
  mtime: 'int'
}
export const futuresUserTrade: SchemaOf<W.FuturesUserTrade> = {
  tradeId: 'id',
  symbol: 'str',
  contractName: 'str',
  bidId: 'id',
  askId: 'id',
  bidUserId: 'id',
  askUserId: 'id',
  price: 'dec',
  qty: 'dec',
  amount: 'dec',
  time: 'int',
  side: 'str',
  isBuyer: 'bool',
  isMaker: 'bool',
  fee: 'dec'
}
export const tradesRecord: SchemaOf<W.TradesRecord> = {
  tradeId: 'id',
  contractName: 'str',
  side: 'str',
  openOrClose: 'str',
  price: 'dec',
  qty: 'dec',
  fee: 'dec',
  realizedAmount: 'dec',
  time: 'int'
}
export const adlRecord: SchemaOf<N.AdlRecord> = {
  id: 'id',
  contractName: 'str',
  side: 'str',
  positionType: 'int',
  volume: 'dec',
  price: 'dec',
  time: 'int'
}
export const triggerOrder: SchemaOf<N.TriggerOrder> = {
  id: 'id',
  triggerOrderId: 'id',
  contractId: 'int',
  contractName: 'str',
  marginCoin: 'str',
  multiplier: 'dec',
  triggerPrice: 'dec',
  price: 'dec',
  pricePrecision: 'int',
  volume: 'dec',
  open: 'str',
  side: 'str',
  status: 'int',
  expireTime: 'int',
  ctime: 'int',
  mtime: 'int',
  triggerType: 'int'
}
export const profitLossResult: SchemaOf<W.ProfitLossOrderResult> = { triggerIds: 'ids' }

export const futuresPosition: SchemaOf<N.FuturesPosition> = {
  id: 'id',
  contractId: 'int',
  positionType: 'int',
  side: 'str',
  volume: 'dec',
  openPrice: 'dec',
  avgPrice: 'dec',
  leverageLevel: 'dec',
  holdAmount: 'dec',
  realizedAmount: 'dec',
  historyRealizedAmount: 'dec',
  unRealizedAmount: 'dec',
  openRealizedAmount: 'dec',
  positionBalance: 'dec',
  marginRate: 'dec',
  reducePrice: 'dec',
  returnRate: 'dec',
  indexPrice: 'dec',
  keepRate: 'dec',
  maxFeeRate: 'dec',
  tradeFee: 'dec',
  capitalFee: 'dec',
  shareAmount: 'dec',
  freezeLock: 'int',
  status: 'int'
}
export const futuresAccount: SchemaOf<{ account: N.FuturesAccountEntry[] }> = {
  account: [
    {
      marginCoin: 'str',
      accountNormal: 'dec',
      accountLock: 'dec',
      partPositionNormal: 'dec',
      totalPositionNormal: 'dec',
      achievedAmount: 'dec',
      unrealizedAmount: 'dec',
      totalEquity: 'dec',
      partEquity: 'dec',
      totalCost: 'dec',
      totalMarginRate: 'dec',
      sumMarginRate: 'dec',
      positionVos: [{ contractId: 'int', contractName: 'str', contractSymbol: 'str', positions: [futuresPosition] }]
    }
  ]
}
export const capitalFlow: SchemaOf<W.CapitalFlowResponse> = {
  records: [{ contractName: 'str', type: 'str', amount: 'dec', balance: 'dec', time: 'int' }]
}
export const transferResult: SchemaOf<W.FuturesTransferResult> = { transferId: 'id' }
export const walletBalance: SchemaOf<W.FuturesWalletBalance> = {
  coinSymbol: 'str',
  balance: 'dec',
  available: 'dec',
  locked: 'dec'
}

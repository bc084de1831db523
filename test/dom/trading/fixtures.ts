// Account data shaped like the embedded exchange's, for component tests (instruments: test/fixtures/instruments).
import type { AccountSnapshotView, FuturesAccountView, OpenOrderView, PositionView } from '@shared/ipc/views/account'
import type { OrderAckView } from '@shared/ipc/views/trading'

export const FUTURES_ACCOUNT: FuturesAccountView = {
  marginCoin: 'USDT',
  accountNormal: '10000',
  accountLock: '0',
  partPositionNormal: '0',
  totalPositionNormal: '0',
  achievedAmount: '0',
  unrealizedAmount: '0',
  totalEquity: '10000',
  partEquity: '0',
  totalCost: '0',
  totalMarginRate: '0',
  sumMarginRate: '0'
}

export function position(o: Partial<PositionView> = {}): PositionView {
  return {
    id: '9007199254740993',
    contractId: 1,
    contractName: 'E-BTC-USDT',
    positionType: 1,
    side: 'BUY',
    volume: '300',
    openPrice: '65000',
    avgPrice: '65000',
    leverageLevel: '10',
    holdAmount: '1950',
    realizedAmount: '0',
    historyRealizedAmount: '0',
    unRealizedAmount: '0',
    openRealizedAmount: '0',
    positionBalance: '19500',
    marginRate: '0.5',
    reducePrice: '58800.5',
    returnRate: '0',
    indexPrice: '65000',
    keepRate: '0.005',
    maxFeeRate: '0.0006',
    tradeFee: '11.7',
    capitalFee: '0',
    shareAmount: '0',
    freezeLock: 0,
    status: 1,
    ...o
  }
}

/** A resting close order of the contract (a sell closing the long): it holds part of the position already. */
export const restingClose = (o: Partial<OpenOrderView> = {}): OpenOrderView => ({
  module: 'futures',
  symbol: 'E-BTC-USDT',
  orderId: '9007199254740999',
  clientOrderId: null,
  side: 'SELL',
  type: 'LIMIT',
  price: '66000',
  volume: '3',
  executed: '0',
  avgPrice: '0',
  status: 'NEW',
  time: 1,
  open: 'CLOSE',
  ...o
})

/** The position panel's record tabs (PnL, closing fills, capital flow, ADL, liquidations) empty, and no algorithms. */
export const POSITION_RECORDS = {
  'account.pnlHistory': () => [],
  'account.closingFills': () => [],
  'account.capitalFlow': () => [],
  'account.adl': () => [],
  'account.liquidations': () => [],
  // Close all reads the algorithms running on the contracts it closes (none here)
  'algos.list': () => []
}

export function snapshot(o: Partial<AccountSnapshotView> = {}): AccountSnapshotView {
  return {
    profileId: 'p1',
    at: 1_700_000_000_000,
    balances: [
      { asset: 'USDT', free: '100000', locked: '0' },
      { asset: 'BTC', free: '10', locked: '0' },
      { asset: 'DOGE', free: '10', locked: '0' }
    ],
    openOrders: [],
    positions: [],
    futuresAccount: [FUTURES_ACCOUNT],
    errors: [],
    ...o
  }
}

/** Main's answer to trading.placeOrder: placed, a BTC/USDT spot order unless `o` says otherwise. */
export function placedAck(o: Partial<Omit<OrderAckView, 'actionId' | 'status'>> = {}): Omit<OrderAckView, 'actionId'> {
  return {
    status: 'placed',
    module: 'spot',
    symbol: 'btcusdt',
    clientOrderId: 'c1',
    orderId: '5',
    reconciled: false,
    error: null,
    ...o
  }
}

// Futures public market data (/fapi/v1, security NONE).
import { endpoint, opt, req } from './build'
import { contractName, FUTURES_KLINE_INTERVALS, limit } from './params'

export const FUTURES_PUBLIC = [
  endpoint({
    id: 'futures.ping',
    method: 'GET',
    path: '/fapi/v1/ping',
    security: 'NONE',
    response: 'Empty',
    summary: 'Connectivity check.'
  }),
  endpoint({
    id: 'futures.time',
    method: 'GET',
    path: '/fapi/v1/time',
    security: 'NONE',
    response: 'ServerTime',
    summary: 'Server time and timezone.'
  }),
  endpoint({
    id: 'futures.contracts',
    method: 'GET',
    path: '/fapi/v1/contracts',
    security: 'NONE',
    params: [opt('brokerId', 'string', 'Filters the contracts by broker.', { in: 'header' })],
    response: 'FuturesContractList',
    summary: 'Futures contracts and their trading rules.'
  }),
  endpoint({
    id: 'futures.depth',
    method: 'GET',
    path: '/fapi/v1/depth',
    security: 'NONE',
    params: [contractName, limit(100, 100)],
    response: 'OrderBook',
    summary: 'Order book.'
  }),
  endpoint({
    id: 'futures.ticker',
    method: 'GET',
    path: '/fapi/v1/ticker',
    security: 'NONE',
    params: [contractName],
    response: 'Ticker',
    summary: '24h ticker of one contract.'
  }),
  endpoint({
    id: 'futures.allTicker',
    method: 'GET',
    path: '/fapi/v1/all_ticker',
    security: 'NONE',
    response: 'TickerMap',
    summary: 'Tickers of every contract.'
  }),
  endpoint({
    id: 'futures.index',
    method: 'GET',
    path: '/fapi/v1/index',
    security: 'NONE',
    params: [contractName],
    response: 'FuturesIndex',
    summary: 'Index price, mark price and funding rate of one contract.'
  }),
  endpoint({
    id: 'futures.allIndexPrice',
    method: 'GET',
    path: '/fapi/v1/get_all_indexPrice',
    security: 'NONE',
    response: 'IndexPriceMap',
    summary: 'Index price of every contract.'
  }),
  endpoint({
    id: 'futures.indexTagPrice',
    method: 'GET',
    path: '/fapi/v1/public_all_index_tag_price',
    security: 'NONE',
    response: 'IndexTagPriceList',
    summary: 'Index and mark price of every contract.'
  }),
  endpoint({
    id: 'futures.klines',
    method: 'GET',
    path: '/fapi/v1/klines',
    security: 'NONE',
    params: [
      contractName,
      req('interval', 'enum', 'Candle interval (futures spells the hour 1h).', { values: FUTURES_KLINE_INTERVALS }),
      limit(100, 300),
      opt('startTime', 'long', 'Start, ms.'),
      opt('endTime', 'long', 'End, ms.')
    ],
    response: 'CandleList',
    summary: 'Candles.'
  })
] as const

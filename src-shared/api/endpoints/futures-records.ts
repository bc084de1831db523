// Futures trade records (/fapi/v1, security TRADE): fills, labelled fills, ADL and liquidation records.
import { endpoint } from './build'
import { contractName, contractNameFilter, futuresTradePaging } from './params'

export const FUTURES_RECORDS = [
  endpoint({
    id: 'futures.myTrades',
    method: 'GET',
    path: '/fapi/v1/myTrades',
    security: 'TRADE',
    params: [contractNameFilter, ...futuresTradePaging],
    response: 'FuturesUserTradeList',
    specLimit: { count: 20, windowMs: 2000 },
    summary: "The caller's futures trades."
  }),
  endpoint({
    id: 'futures.tradesRecord',
    method: 'GET',
    path: '/fapi/v1/tradesRecord',
    security: 'TRADE',
    params: [contractNameFilter, ...futuresTradePaging],
    response: 'TradesRecordList',
    summary: 'Fills with open/close direction labels.'
  }),
  endpoint({
    id: 'futures.adlRecord',
    method: 'GET',
    path: '/fapi/v1/adlRecord',
    security: 'TRADE',
    params: [contractName, ...futuresTradePaging],
    response: 'AdlRecordList',
    summary: 'Auto-deleveraging records.'
  }),
  endpoint({
    id: 'futures.liquidationList',
    method: 'GET',
    path: '/fapi/v1/liquidationList',
    security: 'TRADE',
    params: [
      {
        ...contractNameFilter,
        description:
          "Contract filter, the project's choice (the notes give only the paging of myTrades); omitted means all."
      },
      ...futuresTradePaging
    ],
    response: 'LiquidationRecordList',
    summary: 'Liquidation records (takes the paging parameters of myTrades, api-family-notes).'
  })
] as const

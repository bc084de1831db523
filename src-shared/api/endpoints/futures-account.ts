// Futures account (/fapi/v1): balances, positions, capital flow (USER_DATA) and the RSA-signed wallet transfer
// and balance (bodies from api-family-notes.md; the spec shows none).
import { endpoint, opt, req } from './build'
import { contractNameFilter } from './params'

export const FUTURES_ACCOUNT = [
  endpoint({
    id: 'futures.account',
    method: 'GET',
    path: '/fapi/v1/account',
    security: 'USER_DATA',
    response: 'FuturesAccount',
    specLimit: { count: 20, windowMs: 2000 },
    summary: 'Futures account per margin coin, with positions.'
  }),
  endpoint({
    id: 'futures.positions',
    method: 'GET',
    path: '/fapi/v1/positions',
    security: 'USER_DATA',
    params: [contractNameFilter],
    response: 'FuturesPositionsResponse',
    summary: 'Positions, of one contract or all.'
  }),
  endpoint({
    id: 'futures.capital',
    method: 'GET',
    path: '/fapi/v1/capital',
    security: 'USER_DATA',
    params: [
      opt('beginTime', 'long', 'Start, ms.'),
      opt('endTime', 'long', 'End, ms.'),
      opt('page', 'integer', "Page, 1-based; default 1 (the project's choice).", { min: 1, default: 1 }),
      opt('limit', 'integer', "Page size, 1..1000, default 100 (the project's choice; the spec shows neither).", {
        min: 1,
        max: 1000,
        default: 100
      })
    ],
    response: 'CapitalFlowResponse',
    summary: 'Capital flow records (transfers, fees, funding, PnL).'
  })
] as const

export const FUTURES_TRANSFER = [
  endpoint({
    id: 'futures.transfer',
    method: 'POST',
    path: '/fapi/v1/futures_transfer',
    security: 'RSA',
    params: [
      req('coinSymbol', 'string', 'Asset to move (USDT).'),
      req('amount', 'decimal', 'Amount, positive.'),
      req('transferType', 'enum', 'Direction.', { values: ['wallet_to_contract', 'contract_to_wallet'] })
    ],
    response: 'FuturesTransferResult',
    summary: 'Transfer between the spot and futures wallets (RSA-signed, institutional).'
  }),
  endpoint({
    id: 'futures.balance',
    method: 'POST',
    readOnly: true,
    path: '/fapi/v1/futures_balance',
    security: 'RSA',
    params: [opt('coinSymbol', 'string', 'Asset filter; omitted means every asset.')],
    response: 'FuturesBalanceList',
    summary: 'Futures wallet balance (RSA-signed, institutional).'
  })
] as const

// Handlers of the futures account: account per margin coin, positions, capital flow, and the RSA-signed wallet
// transfer and balance.
import { FUTURES_MARGIN_COINS } from '../config/futures-contracts'
import { refuse } from '../domain-error'
import { accountOut, capitalRecord, positionsOut, walletBalance } from '../futures/format'
import { accountOf, type SimContext, handlersOf } from './context'

export function futuresAccountHandlers(sim: SimContext) {
  const v = sim.futures
  return handlersOf({
    'futures.account': (r) => ({
      account: FUTURES_MARGIN_COINS.map((coin) => accountOut(v, v.accounts.get(accountOf(r)), coin))
    }),
    'futures.positions': (r) => {
      const name = r.params.contractName === undefined ? undefined : v.contract(r.params.contractName).symbol
      return { positions: positionsOut(v, v.accounts.get(accountOf(r)), name) }
    },
    'futures.capital': (r) => {
      const p = r.params
      const begin = p.beginTime === undefined ? 0 : Number(p.beginTime)
      const end = p.endTime === undefined ? Number.MAX_SAFE_INTEGER : Number(p.endTime)
      const { limit, page } = p
      const list = v.records
        .of(v.records.capital, accountOf(r))
        .filter((x) => x.time >= begin && x.time <= end)
        .reverse()
      return { records: list.slice((page - 1) * limit, page * limit).map(capitalRecord) }
    },
    'futures.transfer': async (r) => {
      const res = await sim.commit({
        t: 'futures.transfer',
        account: accountOf(r),
        coin: r.params.coinSymbol,
        amount: r.params.amount,
        direction: r.params.transferType,
        time: r.now
      })
      return { transferId: res!.transferId! }
    },
    'futures.balance': (r) => {
      const coin = r.params.coinSymbol?.toUpperCase()
      if (coin !== undefined && !FUTURES_MARGIN_COINS.includes(coin))
        refuse('MANDATORY_PARAM', `coinSymbol must be one of ${FUTURES_MARGIN_COINS.join(', ')}`)
      const acc = v.accounts.get(accountOf(r))
      return (coin ? [coin] : FUTURES_MARGIN_COINS).map((c) => walletBalance(v, acc, c))
    }
  })
}

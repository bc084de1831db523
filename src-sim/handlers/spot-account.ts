// Handlers of the spot account: balances, deposit and withdraw history.
import { formatScaled } from '../engine'
import { ASSET_SCALE } from '../spot/spot-state'
import { accountOf, type RequestOf, type SimContext, handlersOf } from './context'
import { depositRecord, withdrawRecord } from './spot-format'

const NINETY_DAYS = 90 * 24 * 3600 * 1000

export function spotAccountHandlers(sim: SimContext) {
  const history = (r: RequestOf<'spot.depositHistory' | 'spot.withdrawHistory'>, kind: 'deposit' | 'withdraw') => {
    const p = r.params
    const list = (kind === 'deposit' ? sim.spot.records.deposits : sim.spot.records.withdrawals).get(accountOf(r)) ?? []
    const end = p.endTime !== undefined ? Number(p.endTime) : r.now
    // Spec and catalog: startTime defaults to the last 90 days, i.e. now minus 90 days (not endTime minus 90 days).
    const start = p.startTime !== undefined ? Number(p.startTime) : r.now - NINETY_DAYS
    return list
      .filter(
        (d) =>
          d.createTime >= start &&
          d.createTime <= end &&
          (p.symbol === undefined || d.asset === p.symbol.toUpperCase()) &&
          (p.status === undefined || d.status === p.status) &&
          (p.txid === undefined || d.txid === p.txid)
      )
      .reverse()
      .slice(0, p.limit)
  }
  return handlersOf({
    'spot.account': (r) => {
      const held = new Map(sim.spot.engine.balances(accountOf(r)).map((b) => [b.asset, b]))
      return {
        balances: sim.spot.engine.ledger.assets.map((asset) => ({
          asset,
          free: formatScaled(held.get(asset)?.free ?? 0n, ASSET_SCALE),
          locked: formatScaled(held.get(asset)?.locked ?? 0n, ASSET_SCALE)
        }))
      }
    },
    'spot.depositHistory': (r) => history(r, 'deposit').map(depositRecord),
    'spot.withdrawHistory': (r) => history(r, 'withdraw').map(withdrawRecord)
  })
}

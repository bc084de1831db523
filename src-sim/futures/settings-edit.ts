// Leverage, position model and margin model edits, with the checks a venue applies:
// - leverage: 1..maxLeverage of the contract; at most the maxLeverage of the tier that each position of that
//   margin mode (with its open OPEN orders) falls in; the margin it needs must be available: an isolated
//   position's margin moves to ceil(cost / leverage) (a release may not leave it below maintenance), cross
//   initial margin and the reserves of open orders are recomputed; refused (-2017) when that leaves the
//   available balance negative and lower than before, or when margin moved into an isolated position would leave
//   the cross positions below maintenance.
// - position model (1 one-way / 2 hedge) and margin model (1 cross / 2 isolated): only while the contract has no
//   position, no open order and no waiting trigger of the account.
import { refuse } from '../domain-error'
import { ensureSettings, lockAdd, posId, walletAdd } from './accounts'
import type { FuturesLeverageCmd, FuturesMarginModelCmd, FuturesPositionModelCmd } from './commands'
import { ceilDiv, moneyText } from './money'
import { pendingQty, unitCost } from './orders'
import { availableOf, coinRisk, crossBelowMaintenance, maintAt, upnlAt } from './risk'
import type { FOrder, Position } from './types'
import type { FuturesView } from './futures-view'

export function editLeverage(v: FuturesView, cmd: FuturesLeverageCmd): void {
  const c = v.contract(cmd.contract)
  const L = cmd.leverage
  if (!Number.isInteger(L) || L < 1 || L > c.cfg.maxLeverage)
    refuse('MANDATORY_PARAM', `leverageLevel must be between 1 and ${c.cfg.maxLeverage} for ${c.symbol}`)
  const acc = v.draft(cmd.account)
  const mode = cmd.positionType
  const positions: Position[] = []
  for (const key of ['BOTH', 'LONG', 'SHORT'] as const) {
    const p = acc.positions.get(posId(c.symbol, key))
    const exposure = (p && p.positionType === mode ? p.qty : 0) + pendingQty(v, acc.id, c.symbol, key, 'OPEN')
    const tier = c.tier(exposure)
    if (exposure > 0 && tier && tier.maxLeverage < L)
      refuse(
        'MANDATORY_PARAM',
        `A position of ${exposure} contracts allows at most ${tier.maxLeverage}x leverage on ${c.symbol}`
      )
    if (p && p.positionType === mode) positions.push(p)
  }
  const mark = v.markOf(c.symbol)
  const risk = coinRisk(v, acc, c.coin)
  const before = availableOf(risk)
  // What the change does to the available balance, worked out before anything changes.
  let delta = 0n
  const marginMoves: [Position, bigint][] = []
  for (const p of positions) {
    if (mode === 2) {
      const target = ceilDiv(p.cost, BigInt(L))
      const move = target - p.margin
      if (move < 0n && target + upnlAt(c, p, mark) < maintAt(c, p, mark)) {
        refuse(
          'INSUFFICIENT_BALANCE',
          `Raising the leverage to ${L}x would leave position ${p.id} below its maintenance margin`
        )
      }
      marginMoves.push([p, move])
      delta -= move
    } else delta -= ceilDiv(p.cost, BigInt(L)) - ceilDiv(p.cost, BigInt(v.leverageOf(acc, c.symbol, 1)))
  }
  const orders: [FOrder, bigint][] = []
  for (const o of v.openOrders(acc.id, c.symbol)) {
    if (o.action !== 'OPEN' || o.positionType !== mode) continue
    const unit = unitCost(c, o.price, L)
    orders.push([o, unit])
    delta -= BigInt(o.volume - o.executedQty) * (unit - o.lockUnit)
  }
  const after = before + delta
  if (after < 0n && after < before)
    refuse(
      'INSUFFICIENT_BALANCE',
      `Insufficient margin for ${L}x: ${moneyText(-delta)} ${c.coin} more is needed, ${moneyText(before > 0n ? before : 0n)} is available`
    )
  // Isolated margin taken from the wallet lowers cross equity: it may not push the cross positions past liquidation.
  const moved = marginMoves.reduce((n, [, move]) => n + move, 0n)
  if (moved > 0n && crossBelowMaintenance(risk, risk.wallet - moved))
    refuse(
      'INSUFFICIENT_BALANCE',
      `Moving ${moneyText(moved)} ${c.coin} into isolated margin for ${L}x would leave the cross positions below their maintenance margin`
    )
  v.adopt(acc)
  ensureSettings(acc, c).lever[mode - 1] = L
  for (const [p, move] of marginMoves) {
    p.margin += move
    walletAdd(acc, c.coin, -move)
  }
  for (const [o, unit] of orders) {
    lockAdd(acc, c.coin, BigInt(o.volume - o.executedQty) * (unit - o.lockUnit))
    o.lockUnit = unit
    o.leverage = L
  }
}

function requireIdle(v: FuturesView, account: string, contract: string, what: string): void {
  const acc = v.accounts.get(account)
  const busy =
    [...(acc?.positions.values() ?? [])].some((p) => p.contract === contract) ||
    v.books.openOf(account, contract).length > 0 ||
    [...v.triggers.values()].some((t) => t.account === account && t.contract === contract && t.status === 1)
  if (busy)
    refuse(
      'MANDATORY_PARAM',
      `The ${what} of ${contract} cannot change while it has positions, open orders or waiting trigger orders`
    )
}

export function editPositionModel(v: FuturesView, cmd: FuturesPositionModelCmd): void {
  const c = v.contract(cmd.contract)
  requireIdle(v, cmd.account, c.symbol, 'position model')
  ensureSettings(v.account(cmd.account), c).positionModel = cmd.positionModel
}

export function editMarginModel(v: FuturesView, cmd: FuturesMarginModelCmd): void {
  const c = v.contract(cmd.contract)
  requireIdle(v, cmd.account, c.symbol, 'margin model')
  ensureSettings(v.account(cmd.account), c).marginModel = cmd.marginModel
}

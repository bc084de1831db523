// Moving money between the spot account and the futures wallet, in one command so both ledgers change together
// or not at all: every check (coin, amount at the spot ledger's 8 decimals, spot free balance, futures available
// balance, and that the cross positions stay above maintenance) runs before either ledger is touched. Capital flow:
// type 1 in, 2 out.
import { FUTURES_MARGIN_COINS } from '../config/futures-contracts'
import { refuse } from '../domain-error'
import { ASSET_SCALE, engineAccount } from '../spot/spot-state'
import { INSURANCE, recordFlow, walletAdd } from './accounts'
import type { FuturesDepositCmd, FuturesResult, FuturesTransferCmd } from './commands'
import { MONEY_SCALE, moneyText, parseAmount } from './money'
import { availableOf, coinRisk, crossBelowMaintenance } from './risk'
import type { FuturesView } from './futures-view'

const SPOT_TO_MONEY = 10n ** BigInt(MONEY_SCALE - ASSET_SCALE)

function coinOf(text: string): string {
  const coin = text.toUpperCase()
  if (!FUTURES_MARGIN_COINS.includes(coin))
    refuse('MANDATORY_PARAM', `coinSymbol must be one of ${FUTURES_MARGIN_COINS.join(', ')}`)
  return coin
}

export function transfer(v: FuturesView, cmd: FuturesTransferCmd): FuturesResult {
  const coin = coinOf(cmd.coin)
  const spot = v.spot()
  if (!spot.accounts.has(cmd.account)) refuse('UNAUTHORIZED', `Unknown account ${cmd.account}`)
  const units = parseAmount(cmd.amount, ASSET_SCALE, 'amount') / SPOT_TO_MONEY
  const money = units * SPOT_TO_MONEY
  const spotAcct = engineAccount(cmd.account, 'spot')
  const acc = v.draft(cmd.account)
  if (cmd.direction === 'wallet_to_contract') {
    const free = spot.engine.balance(spotAcct, coin).free
    if (free < units) refuse('INSUFFICIENT_BALANCE', `Insufficient ${coin} in the spot account`)
    if (!spot.engine.withdraw(spotAcct, coin, units))
      refuse('INSUFFICIENT_BALANCE', `Insufficient ${coin} in the spot account`)
    v.adopt(acc)
    walletAdd(acc, coin, money)
    v.addInflow(coin, money)
    recordFlow(v.records, acc, { contract: '', coin, type: '1', amount: money, time: cmd.time })
  } else {
    const r = coinRisk(v, acc, coin)
    const available = availableOf(r)
    if (money > available)
      refuse(
        'INSUFFICIENT_BALANCE',
        `Insufficient available ${coin} in the futures wallet: ${moneyText(available > 0n ? available : 0n)}`
      )
    // Available covers initial margin, which can be less than maintenance after a large move against a cross
    // position: a transfer may not leave it past its liquidation price (venues cap the amount the same way).
    if (crossBelowMaintenance(r, r.wallet - money)) {
      refuse(
        'INSUFFICIENT_BALANCE',
        `Transferring ${cmd.amount} ${coin} would leave the cross positions below their maintenance margin`
      )
    }
    v.adopt(acc)
    walletAdd(acc, coin, -money)
    spot.engine.deposit(spotAcct, coin, units)
    v.addInflow(coin, -money)
    recordFlow(v.records, acc, { contract: '', coin, type: '2', amount: -money, time: cmd.time })
  }
  return { transferId: v.nextTransferId() }
}

/** Credits a futures wallet (or the insurance fund) from outside. */
export function deposit(v: FuturesView, cmd: FuturesDepositCmd): void {
  const coin = coinOf(cmd.coin)
  const money = parseAmount(cmd.amount, ASSET_SCALE, 'amount')
  const acc = cmd.account === INSURANCE ? v.account(INSURANCE) : v.account(cmd.account)
  walletAdd(acc, coin, money)
  v.addInflow(coin, money)
  recordFlow(v.records, acc, { contract: '', coin, type: '1', amount: money, time: cmd.time })
}

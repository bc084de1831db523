// Requests that lower cross equity may not leave cross positions past their liquidation price between ticks (the
// mark moves only at the tick): a transfer out, or margin moved into an isolated position by a leverage change,
// is refused (-2017) when the wallet left would fall below the cross maintenance margin; up to it, it goes.
// Initial margin can be below maintenance after a large move against a cross position, so `available` (which
// counts initial margin) does not cover this by itself.
import { describe, expect, it } from 'vitest'
import { DomainError } from '../../../src-sim/domain-error'
import { ExchangeState, type ExchangeCommand } from '../../../src-sim/exchange-state'
import { coinRisk } from '../../../src-sim/futures/risk'
import { moneyText } from '../../../src-sim/futures/money'

const T = 1_700_000_000_000
const BTC = 'E-BTC-USDT'
const ETH = 'E-ETH-USDT'

function setup(): { s: ExchangeState; run: (cmd: ExchangeCommand) => unknown } {
  const s = new ExchangeState()
  const run = (cmd: ExchangeCommand): unknown => s.apply(structuredClone(cmd))
  for (const id of ['a', 'b', 'mm']) {
    run({ t: 'account', id, apiKey: `k-${id}`, secret: 's', time: T })
    run({ t: 'deposit', account: id, wallet: 'spot', asset: 'USDT', amount: '100000000', txid: `t-${id}`, time: T })
    run({ t: 'deposit', account: id, wallet: 'spot', asset: 'BTC', amount: '100', txid: `b-${id}`, time: T })
    run({ t: 'futures.deposit', account: id, coin: 'USDT', amount: '10000', time: T })
  }
  // a: cross short 10 at 65000 with 100x, and an isolated ETH long of 1 at 3200 with 50x; b takes the other sides
  run({ t: 'futures.leverage', account: 'a', contract: BTC, leverage: 100, positionType: 1, time: T })
  run({ t: 'futures.marginModel', account: 'a', contract: ETH, marginModel: 2, time: T })
  run({ t: 'futures.leverage', account: 'a', contract: ETH, leverage: 50, positionType: 2, time: T })
  const place = (
    account: string,
    contract: string,
    side: 'BUY' | 'SELL',
    price: string,
    volume: string,
    positionType: 1 | 2
  ): unknown =>
    run({
      t: 'futures.place',
      account,
      contract,
      side,
      type: 'LIMIT',
      open: 'OPEN',
      positionType,
      price,
      volume,
      time: T
    })
  place('a', BTC, 'SELL', '65000.0', '10', 1)
  place('b', BTC, 'BUY', '65000.0', '10', 1)
  place('b', ETH, 'SELL', '3200.00', '1', 1)
  place('a', ETH, 'BUY', '3200.00', '1', 2)
  // BTC spot mid, the index, to 162500: the short is 975 USDT down and its maintenance (8.125) is above its
  // initial margin (6.5)
  run({
    t: 'place',
    account: 'mm',
    wallet: 'spot',
    symbol: 'btcusdt',
    side: 'BUY',
    type: 'LIMIT',
    price: '162499.99',
    volume: '0.001',
    time: T
  })
  run({
    t: 'place',
    account: 'mm',
    wallet: 'spot',
    symbol: 'btcusdt',
    side: 'SELL',
    type: 'LIMIT',
    price: '162500.01',
    volume: '0.001',
    time: T
  })
  run({ t: 'futures.tick', time: T + 1000, fundingIntervalMs: 8 * 3600_000 })
  expect(s.futures.markOf(BTC)).toBe(1_625_000)
  return { s, run }
}

/** What the cross wallet can lose before the cross positions fall below maintenance. */
function headroom(s: ExchangeState): bigint {
  const r = coinRisk(s.futures, s.futures.accounts.get('a')!, 'USDT')
  return r.wallet + r.crossUpnl - r.crossMm
}

const refusal = (f: () => unknown): number | undefined => {
  try {
    f()
  } catch (e) {
    if (e instanceof DomainError) return e.code
    throw e
  }
  return undefined
}

describe('futures margin guards between ticks', () => {
  it('refuses a transfer out that would leave the cross short below maintenance, takes one up to it', () => {
    const { s, run } = setup()
    const room = headroom(s)
    const r = coinRisk(s.futures, s.futures.accounts.get('a')!, 'USDT')
    expect(r.crossMm > r.crossIm).toBe(true)
    const out = (amount: bigint): unknown =>
      run({
        t: 'futures.transfer',
        account: 'a',
        coin: 'USDT',
        amount: moneyText(amount),
        direction: 'contract_to_wallet',
        time: T + 2000
      })
    const wallet = r.wallet
    expect(refusal(() => out(room + 1_000_000n))).toBe(-2017) // 10^-6 USDT past it; within `available`
    expect(s.futures.accounts.get('a')!.wallet.get('USDT')).toBe(wallet)
    expect(refusal(() => out(room))).toBeUndefined()
    expect(headroom(s)).toBe(0n)
  })

  it('refuses a leverage change whose isolated margin would take the cross wallet below maintenance', () => {
    const { s, run } = setup()
    // leave the cross short 0.1 USDT above maintenance
    run({
      t: 'futures.transfer',
      account: 'a',
      coin: 'USDT',
      amount: moneyText(headroom(s) - 100_000_000_000n),
      direction: 'contract_to_wallet',
      time: T + 2000
    })
    // 1x on the ETH long moves 32 - 0.64 USDT of margin in: refused, nothing changes
    const before = JSON.stringify(s.snapshot())
    expect(
      refusal(() =>
        run({ t: 'futures.leverage', account: 'a', contract: ETH, leverage: 1, positionType: 2, time: T + 3000 })
      )
    ).toBe(-2017)
    expect(JSON.stringify(s.snapshot())).toBe(before)
    // 40x moves 0.8 - 0.64 = 0.16 > 0.1: refused; 45x moves ceil(32 / 45) - 0.64 = 0.071111111112: accepted
    expect(
      refusal(() =>
        run({ t: 'futures.leverage', account: 'a', contract: ETH, leverage: 40, positionType: 2, time: T + 3000 })
      )
    ).toBe(-2017)
    expect(
      refusal(() =>
        run({ t: 'futures.leverage', account: 'a', contract: ETH, leverage: 45, positionType: 2, time: T + 3000 })
      )
    ).toBeUndefined()
    expect(headroom(s)).toBe(100_000_000_000n - 71_111_111_112n)
  })
})

// Liquidation at the computed price, the insurance fund's close on the book, auto-deleveraging when the fund
// cannot cover, and the fund covering a loss it can afford. Isolated 50x longs; the mark is steered through the
// spot book of the base (index = spot mid), the futures book being one-sided so the basis stays 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INSURANCE } from '../../../src-sim/futures/accounts'
import { control } from '../sim/harness'
import { futuresRig, m12, type FClient, type FuturesRig } from './harness'

let rig: FuturesRig
const fund = (): bigint => rig.ex.futures.accounts.get(INSURANCE)?.wallet.get('USDT') ?? 0n

beforeAll(async () => {
  rig = await futuresRig()
})
afterAll(() => rig.close())

async function isolatedLong(
  contractName: string,
  price: string,
  leverage: number
): Promise<{ long: FClient; short: FClient }> {
  const long = await rig.client({ usdt: '10000' })
  const short = await rig.client({ usdt: '100000' })
  expect((await long.post('edit_user_margin_model', { contractName, marginModel: 2 })).body).toEqual({
    code: '0',
    msg: 'success',
    data: null
  })
  expect((await long.post('edit_lever', { contractName, leverageLevel: leverage, positionType: 2 })).status).toBe(200)
  await short.place({ contractName, side: 'SELL', type: 'LIMIT', open: 'OPEN', price, volume: '100' })
  await long.place({ contractName, side: 'BUY', type: 'LIMIT', open: 'OPEN', price, volume: '100', positionType: 2 })
  return { long, short }
}

describe('E-BTC-USDT: liquidation at the computed price, the fund closes on the book', () => {
  let long: FClient
  let short: FClient

  it('shows the liquidation price the rules give: margin 130 on 6500, maintenance 0.5 % of the mark value', async () => {
    ;({ long, short } = await isolatedLong('E-BTC-USDT', '65000.0', 50))
    const p = await long.position('E-BTC-USDT')
    expect(p).toMatchObject({
      positionType: '2',
      holdAmount: '130',
      leverageLevel: '50',
      keepRate: '0.005',
      volume: '100'
    })
    // 130 + 0.1 p - 6500 < 0.0005 p  <=>  p < 64020.100...: the last liquidating tick is 64020.1
    expect(p.reducePrice).toBe('64020.1')
    expect((await long.account()).accountNormal).toBe('9866.1') // 10000 - 130 margin - 3.9 taker fee
    // the short closes part of its position with a resting bid: the book the fund will sell into
    await short.place({
      contractName: 'E-BTC-USDT',
      side: 'BUY',
      type: 'LIMIT',
      open: 'CLOSE',
      price: '64000.0',
      volume: '100'
    })
  })

  it('survives one tick above it', async () => {
    await rig.setIndex('btcusdt', '64020.2')
    const p = await long.position('E-BTC-USDT')
    expect(p.indexPrice).toBe('64020.2')
    expect(p.volume).toBe('100')
    expect(BigInt(m12(p.marginRate)) > m12(p.keepRate)).toBe(true)
  })

  it('is liquidated at it: taken over at the bankruptcy price 63700.0, the fund sells to the bid at 64000.0', async () => {
    await rig.setIndex('btcusdt', '64020.1')
    expect(await long.position('E-BTC-USDT')).toBeUndefined()
    const liq = (await long.get('liquidationList', { contractName: 'E-BTC-USDT' })).body
    expect(liq).toEqual([
      {
        id: expect.any(String),
        contractName: 'E-BTC-USDT',
        side: 'BUY',
        positionType: '2',
        volume: '100',
        price: '63700.0',
        time: String(rig.clock.now)
      }
    ])
    const flows = (await long.get('capital', {})).body.records
    expect(flows[0]).toMatchObject({ type: '3', amount: '-130', balance: '9866.1' }) // the margin, and only it, is lost
    expect((await long.account()).accountNormal).toBe('9866.1')
    // The fund bought at 63700 and sold at 64000 without fees: 100 x 0.001 x 300 = 30 USDT.
    expect(fund()).toBe(m12('30'))
    expect(await short.position('E-BTC-USDT')).toBeUndefined()
  })
})

describe('E-ETH-USDT: the fund cannot cover, so the rest is auto-deleveraged', () => {
  let carol: FClient
  let dave: FClient
  let erin: FClient

  it('liquidates through ADL at the bankruptcy price when the only bid would cost the fund more than it has', async () => {
    ;({ long: carol, short: dave } = await isolatedLong('E-ETH-USDT', '3200.00', 50))
    // margin 64 on 3200: bankruptcy at 3136.00; liquidation below 3156.52 (0.65 % maintenance)
    expect((await carol.position('E-ETH-USDT')).reducePrice).toBe('3156.51')
    erin = await rig.client({ usdt: '10000' })
    await erin.place({
      contractName: 'E-ETH-USDT',
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      price: '3000.00',
      volume: '100'
    })
    // A gap: the mark falls straight to 3100.00. Selling 100 to erin at 3000 would cost the fund 136 > 30.
    await rig.setIndex('ethusdt', '3100.00')
    expect(await carol.position('E-ETH-USDT')).toBeUndefined()
    expect((await carol.get('liquidationList', {})).body[0]).toMatchObject({
      contractName: 'E-ETH-USDT',
      price: '3136.00',
      volume: '100'
    })
    const adl = (await dave.get('adlRecord', { contractName: 'E-ETH-USDT' })).body
    expect(adl).toEqual([
      {
        id: expect.any(String),
        contractName: 'E-ETH-USDT',
        side: 'SELL',
        positionType: '1',
        volume: '100',
        price: '3136.00',
        time: String(rig.clock.now)
      }
    ])
    expect(await dave.position('E-ETH-USDT')).toBeUndefined()
    // dave's short closed at 3136 instead of the 3100 mark: +64 realized
    expect((await dave.get('capital', {})).body.records[0]).toMatchObject({ type: '13', amount: '64' })
    expect(fund()).toBe(m12('30'))
    expect((await erin.get('openOrders', { contractName: 'E-ETH-USDT' })).body).toHaveLength(1)
  })

  it('lets the fund cover a loss it can afford: a credited fund sells into the bid below the bankruptcy price', async () => {
    await control(rig.ex, 'insurance', { asset: 'USDT', amount: '1000' })
    await rig.setIndex('ethusdt', '3100.00')
    const { long: gina } = await isolatedLong('E-ETH-USDT', '3100.00', 50)
    // margin 62 on 3100: bankruptcy 3038.00; the mark gaps to 3000.50, the bid is at 3000.00
    await rig.setIndex('ethusdt', '3000.50')
    expect(await gina.position('E-ETH-USDT')).toBeUndefined()
    expect((await gina.get('liquidationList', {})).body[0].price).toBe('3038.00')
    // the fund paid 100 x 0.01 x 38 = 38 for the gap
    expect(fund()).toBe(m12('992'))
    expect(await erin.position('E-ETH-USDT')).toMatchObject({ side: 'BUY', volume: '100', avgPrice: '3000.00' })
  })
})

describe('between ticks: a fill off the mark is liquidated at once', () => {
  it('liquidates a 100x long whose resting bid fills 0.6 % above the mark, without waiting for the tick', async () => {
    const own = await futuresRig()
    try {
      await own.setIndex('btcusdt', '65000.0')
      // alice holds exactly the reserve of her bid: 10 x (ceil(65.4 / 100) + 0.06 % of 65.4) = 6.9324
      const alice = await own.client({ usdt: '6.9324' })
      const bob = await own.client({ usdt: '100000' })
      expect(
        (await alice.post('edit_lever', { contractName: 'E-BTC-USDT', leverageLevel: 100, positionType: 1 })).status
      ).toBe(200)
      await alice.place({
        contractName: 'E-BTC-USDT',
        side: 'BUY',
        type: 'LIMIT',
        open: 'OPEN',
        price: '65400.0',
        volume: '10'
      })
      const time = own.clock.now
      // bob sells into it: alice's wallet 6.9324 - 0.1308 maker fee, unrealized -4 at the 65000 mark, equity 2.8016
      // below the 3.25 maintenance
      await bob.place({
        contractName: 'E-BTC-USDT',
        side: 'SELL',
        type: 'LIMIT',
        open: 'OPEN',
        price: '65400.0',
        volume: '10'
      })
      expect(own.clock.now).toBe(time) // no tick ran
      expect(await alice.position('E-BTC-USDT')).toBeUndefined()
      const liq = (await alice.get('liquidationList', {})).body
      expect(liq).toEqual([
        {
          id: expect.any(String),
          contractName: 'E-BTC-USDT',
          side: 'BUY',
          positionType: '1',
          volume: '10',
          price: expect.any(String),
          time: String(time)
        }
      ])
      // the fund found no bid, so bob's short was deleveraged against it
      expect(await bob.position('E-BTC-USDT')).toBeUndefined()
      expect((await bob.get('adlRecord', { contractName: 'E-BTC-USDT' })).body).toHaveLength(1)
    } finally {
      await own.close()
    }
  })
})

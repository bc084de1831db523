// Property: what the order form sends is what it shows. For random text a trader could mean as a valid BTC/USDT
// limit buy, the price and size sent equal the text in the fields; for random text that breaks a reading or a
// rule, the field keeps the text and nothing is sent (Submit disabled, Enter inert).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromScaledBigInt } from '@shared/decimal'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { readNumber } from '@shared/trading/number-input'
import { checkSpotOrder } from '@shared/trading/order-rules'
import { mountPanel, type, type Rig } from './setup'
import { BTCUSDT } from '../../fixtures/instruments'
import { placedAck } from './fixtures'

const ack = placedAck({ orderId: '1' })
const FREE_QUOTE = 100_000n // the fixture account's free USDT

/** A decimal of `scale` decimals written with between 0 and `scale` of them (trailing zeros kept), as typed. */
const written = (units: bigint, scale: number, shown: number): string => {
  const full = fromScaledBigInt(units, scale)
  const [int, frac = ''] = full.split('.')
  return shown === 0 ? int! : `${int}.${frac.padEnd(scale, '0').slice(0, shown)}`
}

/** Valid limit buys: ticks and lots inside every rule, the notional within the free balance. */
const validOrder = fc
  .tuple(
    fc.bigInt({ min: 1n, max: 10_000_000n }),
    fc.nat({ max: 2 }),
    fc.bigInt({ min: 100n, max: 10n ** 9n }),
    fc.nat({ max: 6 })
  )
  .map(([ticks, pd, lots, vd]) => {
    // the notional (ticks/100 x lots/1e6) must fit in the free quote: cap the lots
    const maxLots = (FREE_QUOTE * 100n * 1_000_000n) / ticks
    const l = lots > maxLots ? maxLots : lots
    // only write as many decimals as the value needs at least
    const needP = ticks % 100n === 0n ? 0 : ticks % 10n === 0n ? 1 : 2
    const needV = 6 - [...String(l)].reverse().findIndex((c) => c !== '0')
    return { price: written(ticks, 2, Math.max(pd, needP)), volume: written(l, 6, Math.max(vd, Math.min(6, needV))) }
  })
  .filter(
    (o) =>
      checkSpotOrder(BTCUSDT, { side: 'BUY', type: 'LIMIT', ...o }, { funds: { quote: String(FREE_QUOTE) } }) === null
  )

const junk = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: fc.constantFrom(...'0123456789.,-+eE _x\u3000\uFF11\uFF0E\u2212'), maxLength: 12 })
)
/** Text that a reading refuses, or whose number breaks a rule of the symbol. */
const invalid = fc
  .oneof(
    validOrder.map((o) => ({ ...o, price: `-${o.price}` })),
    validOrder.map((o) => ({ ...o, volume: `${o.volume}${o.volume.includes('.') ? '' : '.'}0000001` })),
    validOrder.map((o) => ({ ...o, price: `${o.price}${o.price.includes('.') ? '' : '.'}001` })),
    fc.tuple(validOrder, junk).map(([o, j]) => ({ ...o, price: j })),
    fc.tuple(validOrder, junk).map(([o, j]) => ({ ...o, volume: j }))
  )
  .filter((o) => {
    const [p, v] = [readNumber(o.price, 'price', 'price'), readNumber(o.volume, 'volume', 'size')]
    return (
      !p.ok ||
      !v.ok ||
      checkSpotOrder(
        BTCUSDT,
        { side: 'BUY', type: 'LIMIT', price: p.value, volume: v.value },
        { funds: { quote: String(FREE_QUOTE) } }
      ) !== null
    )
  })

describe('the order form sends exactly what it shows', () => {
  let rig: Rig
  beforeAll(async () => {
    rig = await mountPanel(OrderPanel, {}, { 'trading.placeOrder': () => ack })
  })
  afterAll(() => rig.wrapper.unmount())
  const fieldText = (id: string) => (rig.wrapper.get(`[data-testid="${id}"]`).element as HTMLInputElement).value

  it('valid text: the order sent carries the shown text', async () => {
    await fc.assert(
      fc.asyncProperty(validOrder, async (o) => {
        const before = rig.fake.inputs('trading.placeOrder').length
        await type(rig.wrapper, 'order-price', o.price)
        await type(rig.wrapper, 'order-volume', o.volume)
        const shown = { price: fieldText('order-price'), volume: fieldText('order-volume') }
        expect(rig.wrapper.find('[data-testid="order-refusal"]').exists()).toBe(false)
        await rig.wrapper.get('[data-testid="order-submit"]').trigger('click')
        await expect.poll(() => rig.fake.inputs('trading.placeOrder').length).toBe(before + 1)
        expect(rig.fake.inputs('trading.placeOrder')[before]).toMatchObject({ side: 'BUY', type: 'LIMIT', ...shown })
      }),
      { numRuns: 60 }
    )
  })

  it('invalid text: kept as typed, refused in words, nothing sent', async () => {
    await fc.assert(
      fc.asyncProperty(invalid, async (o) => {
        const before = rig.fake.inputs('trading.placeOrder').length
        await type(rig.wrapper, 'order-price', o.price)
        await type(rig.wrapper, 'order-volume', o.volume)
        expect(fieldText('order-price')).toBe(o.price)
        expect(fieldText('order-volume')).toBe(o.volume)
        // a broken rule is a refusal; an empty field a hint under Submit; either way it says why in words
        const why = rig.wrapper.find('[data-testid="order-refusal"]').exists() ? 'order-refusal' : 'order-hint'
        expect(rig.wrapper.get(`[data-testid="${why}"]`).text()).toMatch(/\w{3,}/)
        expect(rig.wrapper.get('[data-testid="order-submit"]').attributes('disabled')).toBeDefined()
        await rig.wrapper.get('[data-testid="order-submit"]').trigger('click')
        await rig.wrapper.get('[data-testid="order-volume"]').trigger('keydown', { key: 'Enter' })
        expect(rig.fake.inputs('trading.placeOrder').length).toBe(before)
      }),
      { numRuns: 100 }
    )
  })
})

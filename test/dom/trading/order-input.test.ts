// The order form's number fields, driven with hostile text the way a trader types or pastes it. For each field
// kind, every row asserts the message shown inline while typing (the rule in words), that the text stays exactly
// as typed, and that nothing is sent: Submit is disabled and Enter in the field does nothing. Rows that read as a
// number are sent as that number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Module } from '@shared/module'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { mountPanel, type, type Rig } from './setup'
import { placedAck } from './fixtures'

const ack = placedAck({ orderId: '1' })

type Row = [text: string, message: string, fixes?: string[]]

/**
 * [typed text, the inline message, the one-click fixes offered]; `W` names the field. Every field kind refuses these.
 */
function hostile(W: string): Row[] {
  const sign = `${W} takes no sign: type the number alone`
  const expo = (t: string, full?: string): Row => [
    t,
    `write ${W} in full digits, not as an exponent${full ? `: ${t} is ${full}` : ''}`,
    full ? [full] : []
  ]
  const notAllowed = (c: string) => `${W} takes digits and one decimal point; "${c}" is not allowed`
  const comma = (t: string, meant?: string): Row => [
    t,
    `use a point for decimals in ${W}; commas only separate thousands (1,234.5)${meant ? `: did you mean ${meant}?` : ''}`,
    meant ? [meant] : []
  ]
  const zero = `${W} must be a number greater than 0`
  return [
    // signs, in every form a keyboard or an IME makes them
    ['-5', sign],
    ['+5', sign],
    ['-0.01', sign],
    ['\u22125', sign],
    ['\u20105', sign],
    ['\u20135', sign],
    ['\u20145', sign],
    ['\uFF0D5', sign],
    ['\uFE635', sign],
    ['--5', sign],
    ['-', sign],
    ['+', sign],
    [' -5', sign],
    ['+1,234', sign],
    // exponents
    expo('1e3', '1000'),
    expo('1E3', '1000'),
    expo('1e-2', '0.01'),
    expo('2.5e2', '250'),
    expo('1e+3', '1000'),
    expo('.5e1', '5'),
    expo('00.5e3', '500'),
    expo('0e5', '0'),
    expo('00e4', '0'),
    expo('000.0012e2', '0.12'),
    expo('1e999'),
    ['e5', notAllowed('e')],
    ['1e', notAllowed('e')],
    // spaces inside
    ['1 000', `${W} cannot have spaces inside the number`],
    ['12 .5', `${W} cannot have spaces inside the number`],
    ['1\u00a0000', `${W} cannot have spaces inside the number`],
    ['1\u3000000', `${W} cannot have spaces inside the number`],
    // text
    ['abc', notAllowed('a')],
    // a pasted figure with its unit: the letter, not the space before it, is what is wrong
    ['65,000.50 USDT', notAllowed('U')],
    ['5a', notAllowed('a')],
    ['five', notAllowed('f')],
    ['0x10', notAllowed('x')],
    ['NaN', notAllowed('N')],
    ['Infinity', notAllowed('I')],
    ['1_000', notAllowed('_')],
    ['$5', notAllowed('$')],
    ['5%', notAllowed('%')],
    ['1/2', notAllowed('/')],
    ['(5)', notAllowed('(')],
    ['5USDT', notAllowed('U')],
    ['\uFF11\uFF12a', notAllowed('a')],
    ['5;', notAllowed(';')],
    ["3'000", notAllowed("'")],
    ['\u4e94', notAllowed('\u4e94')],
    ['\u0665', notAllowed('\u0665')],
    // only the full-width forms an IME types are folded; look-alike digits are refused, invisible ones named
    ['3\u00b2', notAllowed('\u00b2')],
    ['\u2473', notAllowed('\u2473')],
    ['\u24885', notAllowed('\u2488')],
    ['\ud835\udfd3\ud835\udfd2', notAllowed('\ud835\udfd3')],
    ['1\u200b0', `${W} takes digits and one decimal point; an invisible character (U+200B) is not allowed`],
    // points and separators
    ['1.2.3', `${W} has more than one decimal point`],
    ['..5', `${W} has more than one decimal point`],
    ['5..', `${W} has more than one decimal point`],
    ['.', `${W} takes digits and one decimal point`],
    comma('1,5', '1.5'),
    comma('3000,12', '3000.12'),
    comma('1,23,456'),
    comma(',5'),
    comma('1.234,5'),
    comma('1,234,5'),
    comma('1,2345', '1.2345'),
    comma('1,,000'),
    // zero and absurd lengths
    ['0', zero],
    ['0.0', zero],
    ['000', zero],
    ['.0', zero],
    ['\uFF10', zero],
    [`1${'0'.repeat(40)}`, `${W} has more than 30 digits`],
    ['9'.repeat(31), `${W} has more than 30 digits`],
    [`0.${'0'.repeat(250)}1`, `${W} has more than 30 digits`],
    [`${'1'.repeat(20)}.${'1'.repeat(11)}`, `${W} has more than 30 digits`],
    // empty
    ['', `${W} is required`],
    ['   ', `${W} is required`]
  ]
}

interface Kind {
  name: string
  module?: Module
  /** Brings the form to this field's kind (order type, side) and fills the other field validly. */
  setup(r: Rig): Promise<void>
  field: 'order-price' | 'order-volume'
  W: string
  /** Rows of the field's own rules: over-precision, minimum, maximum, balance. */
  rules: Row[]
}

const kinds: Kind[] = [
  {
    name: 'spot limit price',
    setup: (r) => type(r.wrapper, 'order-volume', '0.01'),
    field: 'order-price',
    W: 'price',
    rules: [
      ['65000.129', 'price ticks are 0.01 USDT on BTC/USDT: 65000.12 or 65000.13', ['65000.12', '65000.13']],
      ['0.001', 'price ticks are 0.01 USDT on BTC/USDT: 0.01', ['0.01']],
      ['3000.123', 'price ticks are 0.01 USDT on BTC/USDT: 3000.12 or 3000.13', ['3000.12', '3000.13']],
      ['10000001', 'the order needs 100,000.01 USDT; 100,000 USDT is available', ['0.009999']]
    ]
  },
  {
    name: 'spot limit size',
    setup: (r) => type(r.wrapper, 'order-price', '65000'),
    field: 'order-volume',
    W: 'size',
    rules: [
      ['0.1234567', 'size steps are 0.000001 BTC on BTC/USDT: 0.123456 or 0.123457', ['0.123456', '0.123457']],
      ['0.00005', 'size 0.00005 BTC is below the minimum 0.0001 BTC for limit orders on BTC/USDT', ['0.0001']],
      ['2', 'the order needs 130,000 USDT; 100,000 USDT is available', ['1.538461']]
    ]
  },
  {
    name: 'spot market buy amount',
    setup: async (r) => void (await r.wrapper.get('[data-testid="order-type"]').setValue('MARKET')),
    field: 'order-volume',
    W: 'the amount to spend',
    rules: [
      ['4.5', 'the amount to spend 4.5 USDT is below the minimum 5 USDT for market buys on BTC/USDT', ['5']],
      ['10.005', 'the amount to spend steps are 0.01 USDT on BTC/USDT: 10.00 or 10.01', ['10.00', '10.01']],
      ['100000.01', 'the order needs 100,000.01 USDT; 100,000 USDT is available', ['100000.00']]
    ]
  },
  {
    name: 'futures contracts',
    module: 'futures',
    setup: (r) => type(r.wrapper, 'order-price', '65000'),
    field: 'order-volume',
    W: 'size',
    rules: [
      ['1.5', 'size takes whole numbers on BTC/USDT perpetual: 1 or 2', ['1', '2']],
      [
        '100001',
        'size 100001 contracts is above the maximum 100000 contracts for limit orders on BTC/USDT perpetual',
        ['100000']
      ]
    ]
  }
]

describe.each(kinds)('the $name field', (k) => {
  let rig: Rig
  beforeAll(async () => {
    rig = await mountPanel(OrderPanel, { module: k.module ?? 'spot' }, { 'trading.placeOrder': () => ack })
    await k.setup(rig)
  })
  afterAll(() => rig.wrapper.unmount())

  // A rule broken is shown as a refusal; an empty field as a hint under Submit.
  const shown = () =>
    rig.wrapper.find('[data-testid="order-refusal"]').exists()
      ? rig.wrapper.find('[data-testid="order-refusal"]')
      : rig.wrapper.get('[data-testid="order-hint"]')
  async function typeAndTry(text: string): Promise<void> {
    await type(rig.wrapper, k.field, text)
    await rig.wrapper.get('[data-testid="order-submit"]').trigger('click')
    await rig.wrapper.get(`[data-testid="${k.field}"]`).trigger('keydown', { key: 'Enter' })
  }

  it.each([...hostile(k.W), ...k.rules])(
    '%j: says so inline, keeps the text, sends nothing',
    async (text, message, fixes?: string[]) => {
      await typeAndTry(text)
      expect(shown().text()).toBe(message)
      expect((rig.wrapper.get(`[data-testid="${k.field}"]`).element as HTMLInputElement).value).toBe(text)
      expect(rig.wrapper.get('[data-testid="order-submit"]').attributes('disabled')).toBeDefined()
      expect(rig.wrapper.findAll('[data-testid="order-fix"]').map((b) => b.text())).toEqual(fixes ?? [])
      expect(rig.fake.inputs('trading.placeOrder')).toEqual([])
    }
  )
})

describe('text that reads as a number', () => {
  it.each([
    ['1,234.5', '1234.5', 'read as 1234.5'],
    ['\uFF11\uFF12\uFF13\uFF0E\uFF15', '123.5', 'read as 123.5'],
    ['\uFF11\uFF0C\uFF12\uFF13\uFF14', '1234', 'read as 1234'],
    [' 100 ', '100', 'read as 100'],
    ['.5', '0.5', 'read as 0.5'],
    ['100.', '100', 'read as 100'],
    ['0065000', '65000', 'read as 65000'],
    ['65000.10', '65000.10', null]
  ])('%j is sent as %s, and the field says how it was read', async (text, sent, note) => {
    const { wrapper, fake } = await mountPanel(OrderPanel, {}, { 'trading.placeOrder': () => ack })
    await type(wrapper, 'order-volume', '0.01')
    await type(wrapper, 'order-price', text)
    expect(
      wrapper.find('[data-testid="order-price-note"]').exists()
        ? wrapper.get('[data-testid="order-price-note"]').text()
        : null
    ).toBe(note)
    expect((wrapper.get('[data-testid="order-price"]').element as HTMLInputElement).value).toBe(text)
    await wrapper.get('[data-testid="order-submit"]').trigger('click')
    await expect.poll(() => fake.inputs('trading.placeOrder').length).toBe(1)
    expect(fake.inputs('trading.placeOrder')[0]).toMatchObject({
      price: sent,
      volume: '0.01',
      side: 'BUY',
      type: 'LIMIT'
    })
    wrapper.unmount()
  })

  it('a one-click fix puts the chosen allowed value in the field, and only then can the order go', async () => {
    const { wrapper, fake } = await mountPanel(OrderPanel, {}, { 'trading.placeOrder': () => ack })
    await type(wrapper, 'order-volume', '0.01')
    await type(wrapper, 'order-price', '3000.123')
    await wrapper.findAll('[data-testid="order-fix"]')[1]!.trigger('click')
    expect((wrapper.get('[data-testid="order-price"]').element as HTMLInputElement).value).toBe('3000.13')
    expect(wrapper.find('[data-testid="order-refusal"]').exists()).toBe(false)
    await wrapper.get('[data-testid="order-submit"]').trigger('click')
    await expect.poll(() => fake.inputs('trading.placeOrder').length).toBe(1)
    expect(fake.inputs('trading.placeOrder')[0]).toMatchObject({ price: '3000.13' })
    wrapper.unmount()
  })
})

describe('a price typed before the size', () => {
  it('is held to its own rules at once; the empty size is only a hint', async () => {
    const { wrapper } = await mountPanel(OrderPanel)
    await type(wrapper, 'order-price', '50000.129')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toBe(
      'price ticks are 0.01 USDT on BTC/USDT: 50000.12 or 50000.13'
    )
    await type(wrapper, 'order-price', '50000.12')
    expect(wrapper.find('[data-testid="order-refusal"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="order-hint"]').text()).toBe('size is required')
    wrapper.unmount()
  })
})

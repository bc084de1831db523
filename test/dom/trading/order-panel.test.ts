// The order form: inputs held to the symbol's precision, the slider sizing at precision, refusals that name
// their rule and send nothing, the confirmation, the test switch, the batch builder, and futures orders.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { click, mountPanel, type } from './setup'
import { placedAck, position, restingClose } from './fixtures'
import { refuse } from './fake-client'

const ack = placedAck({ orderId: '9007199254740993' })
const placing = { 'trading.placeOrder': () => ack }
const val = (w: Awaited<ReturnType<typeof mountPanel>>['wrapper'], id: string) =>
  (w.get(`[data-testid="${id}"]`).element as HTMLInputElement).value

describe('OrderPanel: spot', () => {
  it('keeps typed prices and sizes as typed, and says which precision rule they break', async () => {
    const { wrapper } = await mountPanel(OrderPanel)
    await type(wrapper, 'order-price', '65000.129')
    await type(wrapper, 'order-volume', '0.12345678')
    expect(val(wrapper, 'order-price')).toBe('65000.129')
    expect(val(wrapper, 'order-volume')).toBe('0.12345678')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toBe(
      'price ticks are 0.01 USDT on BTC/USDT: 65000.12 or 65000.13'
    )
  })

  it('refuses an order below the minimum, names the rule, and sends nothing', async () => {
    const { wrapper, fake } = await mountPanel(OrderPanel, {}, placing)
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.00005')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toBe(
      'size 0.00005 BTC is below the minimum 0.0001 BTC for limit orders on BTC/USDT'
    )
    expect(wrapper.get('[data-testid="order-volume"]').attributes('aria-invalid')).toBe('true')
    expect(fake.inputs('trading.placeOrder')).toEqual([])
  })

  it('refuses a market buy under marketBuyMin and one beyond the free balance', async () => {
    const { wrapper, fake } = await mountPanel(OrderPanel, {}, placing)
    await wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    await type(wrapper, 'order-volume', '4.5')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toBe(
      'the amount to spend 4.5 USDT is below the minimum 5 USDT for market buys on BTC/USDT'
    )
    await type(wrapper, 'order-volume', '100000.01')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toBe(
      'the order needs 100,000.01 USDT; 100,000 USDT is available'
    )
    expect(fake.inputs('trading.placeOrder')).toEqual([])
  })

  it('sizes by share of the free balance, rounded down to the precision', async () => {
    const { wrapper } = await mountPanel(OrderPanel)
    await type(wrapper, 'order-price', '65000')
    await wrapper.get('[data-testid="order-share"]').setValue('50')
    expect(val(wrapper, 'order-volume')).toBe('0.769230') // 50 000 USDT / 65 000, 6 decimals, down
    await click(wrapper, 'order-side-sell')
    await wrapper.get('[data-testid="order-share"]').setValue('25')
    expect(val(wrapper, 'order-volume')).toBe('2.500000') // a quarter of 10 BTC
    expect(wrapper.get('[data-testid="order-available"]').text()).toBe('10.000000 BTC')
  })

  it('takes the price clicked in the book', async () => {
    const { wrapper } = await mountPanel(OrderPanel)
    await wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    useSelectionStore().pickPrice('64990.5')
    await type(wrapper, 'order-volume', '0.01')
    expect(val(wrapper, 'order-price')).toBe('64990.5')
    expect((wrapper.get('[data-testid="order-type"]').element as HTMLSelectElement).value).toBe('LIMIT')
  })

  it('asks for confirmation when it is on, and sends the exact order on confirm', async () => {
    const { wrapper, fake } = await mountPanel(OrderPanel, { confirm: true }, placing)
    await type(wrapper, 'order-price', '65000.10')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    // The confirmation names the market in words and each number with its unit.
    expect(wrapper.get('[data-testid="order-confirm-title"]').text()).toBe('Buy BTC/USDT?')
    const rows = Object.fromEntries(
      wrapper.findAll('[data-testid="order-confirm-rows"] > div').map((r) => [r.get('dt').text(), r.get('dd').text()])
    )
    expect(rows).toEqual({
      Market: 'BTC/USDT · Spot',
      'Side · type': 'BUY · LIMIT',
      Quantity: '0.01 BTC',
      Price: '65,000.10 USDT',
      'Est. total': '650.01 USDT', // 650.001, rounded up at the quote's decimals
      Fee: 'not known: the venue publishes no fee rate, and you have no fill on this market yet'
    })
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    await click(wrapper, 'order-confirm')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '65000.10', volume: '0.01' }
    ])
    expect(wrapper.get('[data-testid="order-result"]').text()).toBe(
      'Buy order placed: 0.01 BTC at 65,000.10 USDT on BTC/USDT'
    )
  })

  it("turns confirmation off with don't ask again, then sends at once", async () => {
    const { wrapper, fake } = await mountPanel(OrderPanel, { confirm: true }, placing)
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    await wrapper.get('[data-testid="order-confirm-dont-ask"]').setValue(true)
    await click(wrapper, 'order-confirm')
    expect(usePreferencesStore().confirmOrders).toBe(false)
    await type(wrapper, 'order-volume', '0.02')
    await click(wrapper, 'order-submit')
    expect(wrapper.find('[data-testid="order-confirm-dialog"]').exists()).toBe(false)
    expect(fake.inputs('trading.placeOrder')).toHaveLength(2)
  })

  it('sends to the test endpoint when the test switch is on', async () => {
    const { wrapper, fake } = await mountPanel(
      OrderPanel,
      { confirm: true },
      { 'trading.testOrder': () => ({ ok: true }) }
    )
    await wrapper.get('[data-testid="order-test"]').setValue(true)
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    expect(wrapper.get('[data-testid="order-submit"]').text()).toBe('Test buy BTC')
    await click(wrapper, 'order-submit')
    expect(fake.inputs('trading.testOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '65000', volume: '0.01' }
    ])
    expect(wrapper.get('[data-testid="order-result"]').text()).toContain('nothing was placed')
  })

  it('shows a venue refusal with its code', async () => {
    const { wrapper } = await mountPanel(
      OrderPanel,
      {},
      {
        'trading.placeOrder': () =>
          refuse({ code: 'exchange', message: 'Insufficient balance', exchange: { code: -2017, httpStatus: 400 } })
      }
    )
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-result"]').text()).toBe('Insufficient balance (venue code -2017)')
  })

  it('builds a batch of at most 10 orders and sends it in one request', async () => {
    const { wrapper, fake } = await mountPanel(
      OrderPanel,
      {},
      {
        'trading.batchPlace': (i) => ({
          results: i.orders.map((_, n) => ({ ...ack, orderId: String(n), clientOrderId: `c${n}` }))
        })
      }
    )
    await type(wrapper, 'order-price', '60000')
    for (let n = 1; n <= 10; n++) {
      await type(wrapper, 'order-volume', `0.00${n < 10 ? n : 10}`.replace('0.0010', '0.01'))
      await click(wrapper, 'order-batch-add')
    }
    expect(wrapper.get('[data-testid="order-batch-count"]').text()).toBe('10/10')
    await click(wrapper, 'order-batch-add')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toBe('a batch holds at most 10 orders')
    await click(wrapper, 'order-batch-send')
    const sent = fake.inputs('trading.batchPlace')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.orders).toHaveLength(10)
    expect(sent[0]!.orders[0]).toEqual({ side: 'BUY', type: 'LIMIT', price: '60000', volume: '0.001' })
    expect(wrapper.get('[data-testid="order-result"]').text()).toBe('batch: 10 of 10 placed')
    expect(wrapper.find('[data-testid="order-batch"]').exists()).toBe(false)
  })

  it('says in the confirmation that a margin order may borrow, which nothing on screen can show', async () => {
    for (const module of ['margin', 'spot'] as const) {
      const { wrapper } = await mountPanel(OrderPanel, { module, symbol: 'btcusdt', confirm: true }, placing)
      await type(wrapper, 'order-price', '65000')
      await type(wrapper, 'order-volume', '0.01')
      await click(wrapper, 'order-submit')
      wrapper.get('[data-testid="order-confirm-dialog"]')
      const note = wrapper.find('[data-testid="order-confirm-margin-loan"]')
      expect(note.exists(), module).toBe(module === 'margin')
      if (module === 'margin') expect(note.text()).toMatch(/^Margin order: what your margin balance lacks is borrowed/)
      wrapper.unmount()
    }
  })

  it('refuses a batch on margin, which has no batch endpoint', async () => {
    const { wrapper } = await mountPanel(OrderPanel, { module: 'margin', symbol: 'btcusdt' })
    expect(wrapper.find('[data-testid="order-batch-add"]').exists()).toBe(false)
    expect(wrapper.text()).toContain('no margin balance to size by')
  })
})

describe('OrderPanel: futures', () => {
  const futuresAck = { ...ack, module: 'futures' as const, symbol: 'E-BTC-USDT' }

  it('opens at market sized by notional, with the margin mode and time in force (slippage protection off)', async () => {
    const { wrapper, fake } = await mountPanel(
      OrderPanel,
      { module: 'futures' },
      { 'trading.placeOrder': () => futuresAck }
    )
    usePreferencesStore().app.slippageGuard = { on: false, maxPct: '1' } // as main's preference says
    await wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    await wrapper.get('[data-testid="order-tif"]').setValue('IOC')
    expect(wrapper.get('[data-testid="order-volume"]').element.closest('label')!.textContent).toContain('USDT')
    await type(wrapper, 'order-volume', '3')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toBe(
      'the order value of a market open 3 USDT is below the minimum 5 USDT on BTC/USDT perpetual'
    )
    await type(wrapper, 'order-volume', '300')
    await click(wrapper, 'order-submit')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      {
        module: 'futures',
        symbol: 'E-BTC-USDT',
        side: 'BUY',
        type: 'MARKET',
        volume: '300',
        open: 'OPEN',
        positionType: 1,
        timeInForce: 'IOC'
      }
    ])
  })

  it('sizes an open by share of margin x leverage', async () => {
    const { wrapper } = await mountPanel(OrderPanel, { module: 'futures' })
    await type(wrapper, 'order-price', '50000')
    await wrapper.get('[data-testid="order-share"]').setValue('10')
    // 10 % of 10 000 USDT x 10 = 10 000 USDT of contracts worth 0.001 x 50 000 = 50 USDT each
    expect(val(wrapper, 'order-volume')).toBe('200')
  })

  it('refuses to close more than the position holds', async () => {
    const { wrapper, fake, account } = await mountPanel(OrderPanel, { module: 'futures' })
    await account({ positions: [position({ volume: '5' })] })
    await click(wrapper, 'order-close')
    await click(wrapper, 'order-side-sell')
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '6')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toBe(
      'closing 6 contracts, but the long position holds 5'
    )
    expect(fake.calls.filter((c) => c.channel.startsWith('trading.'))).toEqual([])
  })

  it('refuses a close beyond what resting close orders leave, naming both numbers, the rest one click away', async () => {
    const { wrapper, fake, account } = await mountPanel(
      OrderPanel,
      { module: 'futures' },
      { 'trading.placeOrder': () => placedAck({ module: 'futures', symbol: 'E-BTC-USDT' }) }
    )
    await account({ positions: [position({ volume: '5' })], openOrders: [restingClose()] })
    await click(wrapper, 'order-close')
    await click(wrapper, 'order-side-sell')
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '4')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toContain(
      "closing 4 contracts, but 3 of the long position's 5 are held by resting close orders: at most 2 more can be " +
        'closed (cancel those orders to close more)'
    )
    expect(fake.calls.filter((c) => c.channel.startsWith('trading.'))).toEqual([])
  })

  it('places a stop-loss trigger on the right side of the mark', async () => {
    const { wrapper, fake, account } = await mountPanel(
      OrderPanel,
      { module: 'futures' },
      { 'trading.placeConditional': () => ({ orderId: '77', clientOrderId: 'x' }) }
    )
    await account({ positions: [position({ volume: '5' })] })
    await fake.emit('market.onMarkPrice', {
      symbol: 'E-BTC-USDT',
      markPrice: '65000.0',
      indexPrice: '65000.0',
      lastFundingRate: '0',
      nextFundingRate: null,
      time: 0
    })
    await click(wrapper, 'order-close')
    await click(wrapper, 'order-side-sell')
    await wrapper.get('[data-testid="order-trigger"]').setValue('stop-loss')
    await wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    await type(wrapper, 'order-trigger-price', '66000')
    await type(wrapper, 'order-volume', '2')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toBe(
      'a sell stop-loss triggers below the mark price 65000.0; 66000 is not below it'
    )
    await type(wrapper, 'order-trigger-price', '60000')
    await click(wrapper, 'order-submit')
    expect(fake.inputs('trading.placeConditional')).toEqual([
      {
        symbol: 'E-BTC-USDT',
        kind: 'stop-loss',
        triggerPrice: '60000',
        side: 'SELL',
        type: 'MARKET',
        volume: '2',
        open: 'CLOSE',
        positionType: 1
      }
    ])
    // The size goes once it is placed: a second Enter or click cannot send the same trigger again.
    await flushPromises()
    expect((wrapper.get('[data-testid="order-volume"]').element as HTMLInputElement).value).toBe('')
    await wrapper.get('[data-testid="order-trigger-price"]').trigger('keydown', { key: 'Enter' })
    await click(wrapper, 'order-submit')
    expect(fake.inputs('trading.placeConditional')).toHaveLength(1)
  })

  it('switches margin mode and leverage on the venue', async () => {
    const { wrapper, fake } = await mountPanel(
      OrderPanel,
      { module: 'futures' },
      { 'trading.setMarginMode': () => ({ ok: true }), 'trading.setLeverage': () => ({ ok: true }) }
    )
    await click(wrapper, 'order-margin-isolated')
    await type(wrapper, 'order-leverage', '25')
    await click(wrapper, 'order-leverage-set')
    expect(fake.inputs('trading.setMarginMode')).toEqual([{ symbol: 'E-BTC-USDT', mode: 'isolated' }])
    expect(fake.inputs('trading.setLeverage')).toEqual([{ symbol: 'E-BTC-USDT', leverage: 25, positionType: 2 }])
    await type(wrapper, 'order-leverage', '0')
    await click(wrapper, 'order-leverage-set')
    expect(wrapper.get('[data-testid="order-result"]').text()).toBe('leverage must be a whole number from 1 to 1000')
    // Read as the price field is: full-width digits and spaces around (a Chinese IME), signs refused in words.
    await type(wrapper, 'order-leverage', ' ２０ ')
    await click(wrapper, 'order-leverage-set')
    expect(fake.inputs('trading.setLeverage').at(-1)).toEqual({ symbol: 'E-BTC-USDT', leverage: 20, positionType: 2 })
    expect(wrapper.get('[data-testid="order-result"]').text()).toBe('BTC/USDT perpetual leverage 20x')
    await type(wrapper, 'order-leverage', '-5')
    await click(wrapper, 'order-leverage-set')
    expect(wrapper.get('[data-testid="order-result"]').text()).toMatch(/^the leverage .*sign/)
    expect(fake.inputs('trading.setLeverage')).toHaveLength(2)
  })

  it('confirms an open at the leverage in force, says when it is only assumed, and keeps it per account', async () => {
    const { wrapper, fake } = await mountPanel(
      OrderPanel,
      { module: 'futures', confirm: true },
      { 'trading.setLeverage': () => ({ ok: true }) }
    )
    const profiles = useProfilesStore()
    profiles.activeId = 'paper'
    await flushPromises()
    const confirmLeverage = async () => {
      await type(wrapper, 'order-price', '60000')
      await type(wrapper, 'order-volume', '1')
      await click(wrapper, 'order-submit')
      const said = wrapper.get('[data-testid="order-confirm-leverage"]').text()
      await click(wrapper, 'order-confirm-cancel')
      return said
    }
    // Nothing tells the venue's leverage yet: the default is used, and said to be assumed.
    expect(await confirmLeverage()).toBe(
      '10x · cross, assumed: the venue tells a contract’s leverage only with a position; press Set to be sure'
    )
    await type(wrapper, 'order-leverage', '25')
    await click(wrapper, 'order-leverage-set')
    expect(await confirmLeverage()).toBe('25x · cross')
    // Another account: its own (unknown) leverage; back: this one's 25 again.
    profiles.activeId = 'remote'
    await flushPromises()
    expect((wrapper.get('[data-testid="order-leverage"]').element as HTMLInputElement).value).toBe('10')
    profiles.activeId = 'paper'
    await flushPromises()
    expect((wrapper.get('[data-testid="order-leverage"]').element as HTMLInputElement).value).toBe('25')
    expect(fake.inputs('trading.setLeverage')).toHaveLength(1)
  })
})

describe('a held Enter', () => {
  it('sends nothing and confirms nothing: only a fresh press submits, and the focused Confirm ignores a repeat', async () => {
    const { wrapper, fake } = await mountPanel(OrderPanel, { confirm: true }, placing)
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    const price = wrapper.get('[data-testid="order-price"]').element
    price.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', repeat: true, bubbles: true }))
    await flushPromises()
    expect(wrapper.find('[data-testid="order-confirm-dialog"]').exists()).toBe(false)
    price.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    await flushPromises()
    expect(wrapper.find('[data-testid="order-confirm-dialog"]').exists()).toBe(true)
    const repeat = new KeyboardEvent('keydown', { key: 'Enter', repeat: true, bubbles: true, cancelable: true })
    wrapper.get('[data-testid="order-confirm"]').element.dispatchEvent(repeat)
    expect(repeat.defaultPrevented).toBe(true) // a browser would not turn it into a click
    const fresh = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    wrapper.get('[data-testid="order-confirm"]').element.dispatchEvent(fresh)
    expect(fresh.defaultPrevented).toBe(false)
    expect(fake.inputs('trading.placeOrder')).toEqual([])
  })
})

describe('the estimated limit total, in the form and in the confirmation', () => {
  it('rounds a limit total against the trader, in the form as in the confirmation: a buy costs up, a sell brings down', async () => {
    const { wrapper } = await mountPanel(OrderPanel)
    await type(wrapper, 'order-price', '40445.5')
    await type(wrapper, 'order-volume', '0.001')
    const total = () => wrapper.get('.op-est').text()
    expect(total()).toContain('40.45 USDT') // 40.4455 up
    await click(wrapper, 'order-side-sell')
    await type(wrapper, 'order-price', '40445.5')
    await type(wrapper, 'order-volume', '0.001')
    expect(total()).toContain('40.44 USDT') // 40.4455 down
    expect(wrapper.get('[data-testid="order-limit-total"] span[title]').attributes('title')).toBe(
      'exactly 40.4455 USDT'
    )
  })

  it('says a total below the quote’s smallest unit in words, never the rounded-up cent, the exact figure as its title', async () => {
    const { wrapper } = await mountPanel(OrderPanel)
    await type(wrapper, 'order-price', '64000')
    await type(wrapper, 'order-volume', '0.0000000001')
    const shown = wrapper.get('[data-testid="order-limit-total"]')
    expect(shown.text()).toBe('Total less than 0.01 USDT')
    expect(shown.get('span[title]').attributes('title')).toBe('exactly 0.0000064 USDT')
  })

  it('rounds against the trader: a buy costs up to the cent, a sell brings down to it', async () => {
    const { wrapper } = await mountPanel(OrderPanel, { confirm: true }, placing)
    const total = () =>
      Object.fromEntries(
        wrapper.findAll('[data-testid="order-confirm-rows"] > div').map((r) => [r.get('dt').text(), r.get('dd').text()])
      )['Est. total']
    await type(wrapper, 'order-price', '65000.10')
    await type(wrapper, 'order-volume', '0.01') // 650.001 USDT
    await click(wrapper, 'order-submit')
    expect(total()).toBe('650.01 USDT')
    await click(wrapper, 'order-confirm-cancel')
    await click(wrapper, 'order-side-sell')
    await click(wrapper, 'order-submit')
    expect(total()).toBe('650.00 USDT')
  })
})

// The order form's limit total: rounded against the trader, but a total below the quote's smallest unit is said in
// words ("less than 0.01 USDT"), never shown as the rounded-up 0.01 USDT a tiny buy does not cost; the exact figure in
// the title. And a trigger order's answer writes its trigger as prices are written.
import { afterEach, describe, expect, it } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { useOrderFormStore } from '../../../src-renderer/src/stores/order-form'
import { limitTotal } from '../../../src-renderer/src/stores/limit-total'
import { BTCUSDT, EBTC, EBTC_USD } from '../../fixtures/instruments'
import { flushPromises } from '@vue/test-utils'
import { click, mountPanel, type } from './setup'
import { position } from './fixtures'

afterEach(() => setLocale('en'))

describe('limit total', () => {
  it('says a spot total below the quote unit in words, in every language, the exact figure in its title', () => {
    const tiny = { text: 'less than 0.01 USDT', title: 'exactly 0.0000064 USDT' }
    expect(limitTotal({ spot: BTCUSDT, side: 'BUY' }, '64000', '0.0000000001')).toEqual(tiny)
    expect(limitTotal({ spot: BTCUSDT, side: 'SELL' }, '64000', '0.0000000001')).toEqual(tiny)
    setLocale('zh-CN')
    expect(limitTotal({ spot: BTCUSDT, side: 'BUY' }, '64000', '0.0000000001')).toEqual({
      text: '不足 0.01 USDT',
      title: '精确值 0.0000064 USDT'
    })
    setLocale('zh-TW')
    expect(limitTotal({ spot: BTCUSDT, side: 'BUY' }, '64000', '0.0000000001')!.text).toBe('不足 0.01 USDT')
  })

  it('rounds a total of a cent or more against the trader, the exact figure in the title only when rounded', () => {
    expect(limitTotal({ spot: BTCUSDT, side: 'BUY' }, '64000', '0.0000002')).toEqual({
      text: '0.02 USDT',
      title: 'exactly 0.0128 USDT'
    })
    expect(limitTotal({ spot: BTCUSDT, side: 'SELL' }, '64000', '0.0000002')!.text).toBe('0.01 USDT')
    expect(limitTotal({ spot: BTCUSDT, side: 'BUY' }, '64000', '0.5')).toEqual({ text: '32,000.00 USDT', title: '' })
    expect(limitTotal({ spot: BTCUSDT, side: 'BUY' }, '0', '0.5')).toEqual({ text: '0.00 USDT', title: '' })
    expect(limitTotal({ contract: EBTC, side: 'BUY' }, '65000.5', '3')).toEqual({
      text: '195.01 USDT',
      title: 'exactly 195.0015 USDT'
    })
  })

  it("says a contract value below a cent in words, in the contract's value coin", () => {
    // E-BTC-USDT: 0.001 BTC a contract, so one contract at 5 is worth 0.005 USDT.
    expect(limitTotal({ contract: EBTC, side: 'BUY' }, '5', '1')).toEqual({
      text: 'less than 0.01 USDT',
      title: 'exactly 0.005 USDT'
    })
    expect(limitTotal({ contract: EBTC_USD, side: 'SELL' }, '65000', '2')!.text).toMatch(/ USD$/)
  })

  it('is what the order form holds for the typed price and size', async () => {
    await mountPanel(OrderPanel)
    const form = useOrderFormStore()
    expect(form.limitTotal).toBeNull()
    form.type = 'LIMIT'
    form.side = 'BUY'
    form.setPrice('64000')
    form.setVolume('0.0000000001')
    expect(form.limitTotal).toEqual({ text: 'less than 0.01 USDT', title: 'exactly 0.0000064 USDT' })
  })
})

describe('a trigger order placed', () => {
  it('says its trigger as prices are written (grouped, at the contract ticks), not as typed', async () => {
    const { wrapper, fake, account } = await mountPanel(
      OrderPanel,
      { module: 'futures' },
      { 'trading.placeConditional': () => ({ orderId: '77', clientOrderId: 'x' }) }
    )
    await account({ positions: [position({ volume: '5' })] })
    await click(wrapper, 'order-close')
    await click(wrapper, 'order-side-sell')
    await wrapper.get('[data-testid="order-trigger"]').setValue('stop-loss')
    await wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    await type(wrapper, 'order-trigger-price', '60000')
    await type(wrapper, 'order-volume', '2')
    await click(wrapper, 'order-submit')
    expect(fake.inputs('trading.placeConditional')).toMatchObject([{ triggerPrice: '60000' }])
    await flushPromises()
    expect(wrapper.get('[data-testid="order-result"]').text()).toBe('stop-loss 77 waiting for 60,000.0')
  })
})

// The order form's Algo tab over the fake client: hostile input refused at its field in words naming the rule
// (never rewritten, nothing sent), the rules between fields, a confirmation naming what will run, exactly the spec
// sent, and main's refusal shown at the field it names.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { refuse } from '../trading/fake-client'
import { click, marketPrices, mountPanel, type } from '../trading/setup'
import { algoView } from './algo-view'

async function rig(handlers = {}) {
  const r = await mountPanel(
    OrderPanel,
    {},
    { 'algos.create': () => algoView(), 'profiles.setActive': () => ({ ok: true }), ...handlers }
  )
  useProfilesStore().start()
  await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
  await marketPrices(r.fake) // the new profile's feeds start empty: the price guard's reference
  await click(r.wrapper, 'order-entry-tab-algo')
  const w = r.wrapper
  const get = (id: string) => w.get(`[data-testid="${id}"]`)
  const value = (id: string) => (get(id).element as HTMLInputElement).value
  const refusal = () => w.find('[data-testid="algo-refusal"]')
  return { ...r, get, value, refusal }
}

/** A stop-limit sell of 0.5 BTC at 59,900 when the last price reaches 60,000: valid. */
async function stopLimit(w: Awaited<ReturnType<typeof rig>>['wrapper']) {
  await w.get('[data-testid="algo-kind"]').setValue('stop-limit')
  await type(w, 'algo-triggerPrice', '60000')
  await type(w, 'algo-stopLimitPrice', '59900')
  await type(w, 'algo-quantity', '0.5')
}

describe('the Algo tab of the order form', () => {
  it.each([
    ['algo-quantity', '-5', 'quantity', 'the quantity takes no sign: type the number alone'],
    ['algo-quantity', '1e3', 'quantity', 'write the quantity in full digits, not as an exponent: 1e3 is 1000'],
    [
      'algo-quantity',
      '0.123456789',
      'quantity',
      'the quantity steps are 0.000001 BTC on BTC/USDT: 0.123456 or 0.123457'
    ],
    ['algo-quantity', '0', 'quantity', 'the quantity must be a number greater than 0'],
    [
      'algo-triggerPrice',
      'abc',
      'triggerPrice',
      'the trigger price takes digits and one decimal point; "a" is not allowed'
    ],
    [
      'algo-triggerPrice',
      '60000.001',
      'triggerPrice',
      'the trigger price ticks are 0.01 USDT on BTC/USDT: 60000.00 or 60000.01'
    ],
    ['algo-stopLimitPrice', '59 900', 'stopLimitPrice', 'the stop-limit price cannot have spaces inside the number']
  ])('refuses %s %j in words at its field, keeps it as typed and sends nothing', async (id, text, field, words) => {
    const { wrapper, fake, get, value, refusal } = await rig()
    await stopLimit(wrapper)
    expect(refusal().exists()).toBe(false)
    await type(wrapper, id, text)
    expect(refusal().text()).toBe(words)
    expect(get(`algo-${field}`).attributes('aria-invalid')).toBe('true')
    expect(value(id)).toBe(text) // never rewritten
    expect(get('algo-review').attributes('disabled')).toBeDefined()
    await get(id).trigger('keydown', { key: 'Enter' })
    await click(wrapper, 'algo-review')
    expect(wrapper.find('[data-testid="algo-confirm-dialog"]').exists()).toBe(false)
    expect(fake.inputs('algos.create')).toEqual([])
  })

  it('says what an empty field waits for, without marking it', async () => {
    const { wrapper, get, refusal } = await rig()
    await type(wrapper, 'algo-triggerPrice', '60000')
    expect(refusal().exists()).toBe(false)
    expect(get('algo-hint').text()).toBe('the stop-limit price is required')
    expect(get('algo-stopLimitPrice').attributes('aria-invalid')).toBeUndefined()
  })

  it('holds an OCO to its sides and a market buy to what a spot market buy can do', async () => {
    const { wrapper, fake, get, refusal } = await rig()
    await get('algo-kind').setValue('oco')
    await type(wrapper, 'algo-limitPrice', '59000')
    await type(wrapper, 'algo-triggerPrice', '60000')
    await type(wrapper, 'algo-quantity', '0.5')
    expect(refusal().text()).toBe('for a sell OCO the limit price (59000) must be above the trigger (60000)')
    expect(get('algo-limitPrice').attributes('aria-invalid')).toBe('true')
    await get('algo-kind').setValue('stop-market')
    await click(wrapper, 'algo-side-buy')
    expect(refusal().text()).toBe(
      'a spot market buy is sized in the quote asset, so a stop market cannot buy an exact quantity: use a stop limit'
    )
    expect(fake.inputs('algos.create')).toEqual([])
  })

  it('confirms exactly what will run, then sends exactly the spec', async () => {
    const { wrapper, fake, get } = await rig()
    await stopLimit(wrapper)
    await type(wrapper, 'algo-quantity', '0.50')
    await click(wrapper, 'algo-fire-late')
    await click(wrapper, 'algo-review')
    expect(get('algo-confirm-title').text()).toBe('Stop limit · Sell 0.50 BTC on BTC/USDT')
    expect(get('algo-confirm-profile').text()).toContain(PAPER.name)
    expect(get('algo-confirm-runs').text()).toContain(
      'When the last price reaches 60,000 USDT: a limit sell of 0.50 BTC at 59,900 USDT.'
    )
    expect(get('algo-confirm-runs').text()).toContain('A trigger passed while the terminal was closed fires at start.')
    expect(fake.inputs('algos.create')).toEqual([]) // asks first
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toEqual([
      {
        profileId: PAPER.id,
        kind: 'stop-limit',
        module: 'spot',
        symbol: 'btcusdt',
        side: 'SELL',
        triggerPrice: '60000',
        stopLimitPrice: '59900',
        quantity: '0.50',
        fireLate: true
      }
    ])
    expect(get('algo-result').text()).toBe('Stop limit started; next: Sell when the last price reaches 60000')
  })

  it('sends nothing when the confirmation is left with Back', async () => {
    const { wrapper, fake } = await rig()
    await stopLimit(wrapper)
    await click(wrapper, 'algo-review')
    await click(wrapper, 'algo-confirm-cancel')
    expect(wrapper.find('[data-testid="algo-confirm-dialog"]').exists()).toBe(false)
    expect(fake.inputs('algos.create')).toEqual([])
  })

  it("shows main's refusal at the field it names", async () => {
    const { wrapper, get, refusal } = await rig({
      'algos.create': () =>
        refuse({
          code: 'algo-rule',
          field: 'triggerPrice',
          message: 'a stop limit needs the trigger price',
          words: {
            key: 'algos.refuse.needs',
            params: { kind: 'algoUi.kindIn.stop-limit', field: 'algoUi.what.triggerPrice' }
          }
        })
    })
    await stopLimit(wrapper)
    await click(wrapper, 'algo-review')
    await click(wrapper, 'algo-confirm')
    await flushPromises()
    expect(refusal().text()).toBe('a stop limit needs the trigger price') // the field's words, not its code name
    expect(get('algo-triggerPrice').attributes('aria-invalid')).toBe('true')
    await type(wrapper, 'algo-triggerPrice', '60001') // an edit clears main's answer
    expect(refusal().exists()).toBe(false)
  })

  it('a profile switch empties the tab and closes its confirmation', async () => {
    const { wrapper, fake, value } = await rig()
    await stopLimit(wrapper)
    await click(wrapper, 'algo-review')
    await fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], REMOTE.id))
    expect(wrapper.find('[data-testid="algo-confirm-dialog"]').exists()).toBe(false)
    expect(value('algo-quantity')).toBe('')
    expect(fake.inputs('algos.create')).toEqual([])
  })
})

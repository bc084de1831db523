// The order form's Algo tab on a futures contract over the fake client: only the kinds main runs on futures (its
// list, read from the schema), sizes in whole contracts held to the contract's rules (hostile input refused in words at
// its field, never rewritten, nothing sent), open or close with the margin mode the order form shows, a close no
// larger than the position it reduces, an open waiting on a leverage typed but not set; a confirmation in futures
// words; exactly the spec sent (a chart's ask for a kind not run there: algo-form-futures-kinds.test.ts); the tab
// follows the shown account and market. The Algorithms panel's edit of a futures algorithm reads it with the
// contract's rules.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { FUTURES_ALGO_KINDS } from '@shared/ipc/schemas/algos'
import AlgosPanel from '../../../src-renderer/src/panels/AlgosPanel.vue'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { position, restingClose } from '../trading/fixtures'
import { click, marketPrices, mountPanel, type } from '../trading/setup'
import { algoView, futuresIceberg } from './algo-view'

async function rig(handlers = {}) {
  const r = await mountPanel(
    OrderPanel,
    { module: 'futures' },
    {
      'algos.create': () => algoView({ kind: 'twap', module: 'futures', symbol: 'E-BTC-USDT' }),
      'profiles.setActive': () => ({ ok: true }),
      'trading.setMarginMode': () => ({ ok: true }),
      ...handlers
    }
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

/** A TWAP opening a long of 10 contracts at 60,000 in 2 slices over 600 seconds: valid. */
async function twap(w: Awaited<ReturnType<typeof rig>>['wrapper'], quantity = '10') {
  await w.get('[data-testid="algo-kind"]').setValue('twap')
  await click(w, 'algo-side-buy')
  await type(w, 'algo-limitPrice', '60000')
  await type(w, 'algo-durationSeconds', '600')
  await type(w, 'algo-slices', '2')
  await type(w, 'algo-quantity', quantity)
}

describe('the Algo tab on futures', () => {
  it('offers exactly the kinds main runs on futures', async () => {
    const { wrapper } = await rig()
    const offered = wrapper.findAll('[data-testid="algo-kind"] option').map((o) => o.attributes('value'))
    expect(offered.length).toBeGreaterThan(0)
    expect([...offered].sort()).toEqual([...FUTURES_ALGO_KINDS].sort())
  })

  it.each([
    ['-5', 'the quantity takes no sign: type the number alone'],
    ['1e3', 'write the quantity in full digits, not as an exponent: 1e3 is 1000'],
    ['abc', 'the quantity takes digits and one decimal point; "a" is not allowed'],
    ['0.5', 'the quantity takes whole numbers on BTC/USDT perpetual: 1'],
    ['10.5', 'the quantity takes whole numbers on BTC/USDT perpetual: 10 or 11']
  ])('refuses %j contracts in words at the quantity, keeps it as typed and sends nothing', async (text, words) => {
    const { wrapper, fake, get, value, refusal } = await rig()
    await twap(wrapper)
    expect(refusal().exists()).toBe(false)
    await type(wrapper, 'algo-quantity', text)
    expect(refusal().text()).toBe(words)
    expect(get('algo-quantity').attributes('aria-invalid')).toBe('true')
    expect(value('algo-quantity')).toBe(text) // never rewritten
    expect(get('algo-review').attributes('disabled')).toBeDefined()
    await get('algo-quantity').trigger('keydown', { key: 'Enter' })
    await click(wrapper, 'algo-review')
    expect(wrapper.find('[data-testid="algo-confirm-dialog"]').exists()).toBe(false)
    expect(fake.inputs('algos.create')).toEqual([])
  })

  it("says what an empty quantity waits for, and holds prices and slices to the contract's rules", async () => {
    const { wrapper, get, refusal } = await rig()
    await twap(wrapper, '')
    expect(refusal().exists()).toBe(false)
    expect(get('algo-hint').text()).toBe('the quantity is required')
    await type(wrapper, 'algo-quantity', '10')
    await type(wrapper, 'algo-limitPrice', '60000.05')
    expect(refusal().text()).toBe('the limit price ticks are 0.1 USDT on BTC/USDT perpetual: 60000.0 or 60000.1')
    // 1 contract is 0.001 BTC: a slice of 5 at 1 USDT is worth 0.005 USDT; the minimum order value is 5 USDT.
    await type(wrapper, 'algo-limitPrice', '1')
    expect(refusal().text()).toBe('the order value 0.005 USDT is below the minimum 5 USDT on BTC/USDT perpetual')
    expect(get('algo-quantity').attributes('aria-invalid')).toBe('true') // contracts mend it
  })

  it('confirms in futures words, then sends exactly the spec: contracts, open, the margin mode shown', async () => {
    const { wrapper, fake, get } = await rig()
    expect(get('algo-margin').text()).toBe('Margin: Cross')
    await click(wrapper, 'order-margin-isolated') // the contract's margin mode, set on the venue from the row above
    expect(get('algo-margin').text()).toBe('Margin: Isolated')
    await twap(wrapper)
    expect(get('algo-side-buy').text()).toBe('Open long')
    await click(wrapper, 'algo-review')
    expect(get('algo-confirm-title').text()).toBe('TWAP · Open long 10 contracts on BTC/USDT perpetual')
    expect(get('algo-confirm-market').text()).toBe('BTC/USDT perpetual · Futures')
    expect(get('algo-confirm-rows').text()).toContain('Margin modeIsolated')
    expect(get('algo-confirm-profile').text()).toContain(PAPER.name)
    const runs = get('algo-confirm-runs').text()
    expect(runs).toContain('A limit buy of 10 contracts at 60,000 USDT in 2 slices over 600 seconds')
    expect(runs).toContain(
      'Its orders open or add to a long position in isolated margin, at the leverage set on the venue.'
    )
    expect(fake.inputs('algos.create')).toEqual([]) // asks first
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toEqual([
      {
        profileId: PAPER.id,
        kind: 'twap',
        module: 'futures',
        symbol: 'E-BTC-USDT',
        open: 'OPEN',
        positionType: 2,
        side: 'BUY',
        limitPrice: '60000',
        durationSeconds: 600,
        slices: 2,
        quantity: '10',
        jitter: false,
        fireLate: false
      }
    ])
  })

  it('a close: never more than the position it reduces, reduce-only in the confirmation', async () => {
    const { wrapper, fake, get, refusal, account } = await rig()
    await twap(wrapper)
    await click(wrapper, 'algo-close')
    await click(wrapper, 'algo-side-sell')
    expect(get('algo-side-sell').text()).toBe('Close long')
    expect(refusal().text()).toBe('closing 10 contracts, but there is no long position')
    await account({ profileId: PAPER.id, positions: [position({ volume: '4' })] })
    expect(refusal().text()).toBe('closing 10 contracts, but the long position holds 4')
    expect(get('algo-quantity').attributes('aria-invalid')).toBe('true')
    await click(wrapper, 'algo-fix') // the most it may close
    expect(refusal().exists()).toBe(false)
    await click(wrapper, 'algo-review')
    expect(get('algo-confirm-title').text()).toBe('TWAP · Close long 4 contracts on BTC/USDT perpetual')
    expect(get('algo-confirm-runs').text()).toContain(
      'Reduce-only: its orders only close the long position, never open one the other way'
    )
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toMatchObject([{ open: 'CLOSE', side: 'SELL', quantity: '4', positionType: 1 }])
  })

  it('a close counts what resting close orders hold already, naming the rule and both numbers', async () => {
    const { wrapper, fake, get, refusal, account } = await rig()
    await twap(wrapper, '20')
    await click(wrapper, 'algo-close')
    await click(wrapper, 'algo-side-sell')
    const resting = restingClose({ volume: '1500', executed: '1000', avgPrice: '66000', status: 'PART_FILLED' })
    // 500 of the 2,300 still held by the close order (its unfilled part): at most 1,800 more.
    await account({ profileId: PAPER.id, positions: [position({ volume: '2300' })], openOrders: [resting] })
    await type(wrapper, 'algo-quantity', '2000')
    expect(refusal().text()).toBe(
      "closing 2,000 contracts, but 500 of the long position's 2,300 are held by resting close orders: " +
        'at most 1,800 more can be closed (cancel those orders to close more)'
    )
    expect(get('algo-quantity').attributes('aria-invalid')).toBe('true')
    expect(get('algo-review').attributes('disabled')).toBeDefined()
    await click(wrapper, 'algo-fix')
    expect(refusal().exists()).toBe(false)
    await click(wrapper, 'algo-review')
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toMatchObject([{ open: 'CLOSE', side: 'SELL', quantity: '1800' }])
  })

  it('an open waits for a leverage typed but not set, as the order form does', async () => {
    const { wrapper, fake, refusal } = await rig()
    await twap(wrapper)
    await type(wrapper, 'order-leverage', '25')
    expect(refusal().text()).toBe(
      'leverage 25x is typed but not set on the venue: press Set, or type back the leverage in force'
    )
    await click(wrapper, 'algo-review')
    expect(fake.inputs('algos.create')).toEqual([])
  })

  it('a stop market closes in contracts at the market; one that would open is refused in words', async () => {
    const { wrapper, fake, get, refusal, account } = await rig()
    await account({ profileId: PAPER.id, positions: [position({ side: 'SELL', volume: '7' })] })
    await get('algo-kind').setValue('stop-market')
    await click(wrapper, 'algo-side-buy')
    await type(wrapper, 'algo-triggerPrice', '70000')
    await type(wrapper, 'algo-quantity', '7')
    expect(refusal().text()).toBe(
      'a futures market open is sized in money, not contracts, so a stop market cannot open an exact number of contracts: use a stop limit, or close'
    )
    await click(wrapper, 'algo-close')
    expect(get('algo-side-buy').text()).toBe('Close short')
    expect(refusal().exists()).toBe(false)
    await click(wrapper, 'algo-review')
    expect(get('algo-confirm-runs').text()).toContain(
      'When the last price reaches 70,000 USDT: a market buy of 7 contracts.'
    )
    expect(get('algo-confirm-runs').text()).toContain('Reduce-only: its orders only close the short position')
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toMatchObject([
      { kind: 'stop-market', module: 'futures', open: 'CLOSE', side: 'BUY', quantity: '7', triggerPrice: '70000' }
    ])
  })

  it('follows the shown account and market: a switch empties the tab and closes its confirmation', async () => {
    const { wrapper, fake, get, value } = await rig()
    await twap(wrapper)
    await click(wrapper, 'algo-close')
    await click(wrapper, 'algo-review')
    await fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], REMOTE.id))
    expect(wrapper.find('[data-testid="algo-confirm-dialog"]').exists()).toBe(false)
    expect(value('algo-quantity')).toBe('')
    expect(get('algo-open').attributes('aria-pressed')).toBe('true') // the old account's close is not carried
    await twap(wrapper)
    useSelectionStore().selectMarket('spot', 'btcusdt')
    await flushPromises()
    expect(value('algo-quantity')).toBe('') // contracts are not BTC
    expect(wrapper.find('[data-testid="algo-open"]').exists()).toBe(false)
    expect(fake.inputs('algos.create')).toEqual([])
  })
})

describe("a futures algorithm's edit in the Algorithms panel", () => {
  it("reads the edit with the contract's rules", async () => {
    const { wrapper, fake } = await mountPanel(AlgosPanel, { module: 'futures' }, { 'algos.edit': (i) => algoView(i) })
    const iceberg = futuresIceberg()
    await fake.emit('algos.onChange', { algos: [iceberg], profileId: PAPER.id, seq: 1 })
    expect(wrapper.get('[data-testid="algo-side"]').text()).toBe('Open long')
    await click(wrapper, 'algo-edit-open')
    await type(wrapper, 'algo-edit-limitPrice', '60000.05')
    expect(wrapper.get('[data-testid="algo-edit-refusal"]').text()).toBe(
      'the limit price ticks are 0.1 USDT on BTC/USDT perpetual: 60000.0 or 60000.1'
    )
    await type(wrapper, 'algo-edit-limitPrice', '60000')
    await type(wrapper, 'algo-edit-visibleQuantity', '2.5')
    expect(wrapper.get('[data-testid="algo-edit-refusal"]').text()).toBe(
      'the visible quantity takes whole numbers on BTC/USDT perpetual: 2 or 3'
    )
    expect(wrapper.get('[data-testid="algo-edit-save"]').attributes('disabled')).toBeDefined()
    await type(wrapper, 'algo-edit-visibleQuantity', '3')
    expect(wrapper.find('[data-testid="algo-edit-refusal"]').exists()).toBe(false)
    await click(wrapper, 'algo-edit-save')
    expect(fake.inputs('algos.edit')).toEqual([{ id: iceberg.id, visibleQuantity: '3' }])
  })
})

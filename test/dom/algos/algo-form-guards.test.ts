// The order form's guards on the Algo tab (review of issue 19: its prices had none). A trigger, limit or take profit
// beyond the price guard from the last (spot) or mark (futures) price, or any price before one is seen, is named with
// its distance in the confirmation and wants its own tick; stale market data is named and ticked before it starts
// (whatever the confirmations setting: the tab always asks), also when it goes stale with the confirmation open; a
// market with an order whose outcome the exchange would not tell is barred, in words, until it is dismissed.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useOrderEventsStore } from '../../../src-renderer/src/stores/order-events'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { click, marketPrices, mountPanel, type } from '../trading/setup'
import { spotStale } from '../frame/spot-stale'
import { undetermined } from '../trading/undetermined'
import { algoView } from './algo-view'

async function rig(o: { module?: 'futures'; noPrices?: boolean } = {}) {
  const r = await mountPanel(
    OrderPanel,
    { module: o.module, priceGuard: '5' },
    {
      'algos.create': () => algoView(),
      'profiles.setActive': () => ({ ok: true }),
      'trading.dismissUndetermined': () => ({ ok: true })
    }
  )
  useProfilesStore().start()
  await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
  if (!o.noPrices) await marketPrices(r.fake)
  await click(r.wrapper, 'order-entry-tab-algo')
  const w = r.wrapper
  const get = (id: string) => w.get(`[data-testid="${id}"]`)
  const all = (id: string) => w.findAll(`[data-testid="${id}"]`)
  return { ...r, get, all }
}

/** A stop-limit sell of 0.5 at `trigger`, then a limit at `limit`. */
async function stopLimit(w: Awaited<ReturnType<typeof rig>>['wrapper'], trigger: string, limit: string) {
  await w.get('[data-testid="algo-kind"]').setValue('stop-limit')
  await click(w, 'algo-side-sell')
  await type(w, 'algo-triggerPrice', trigger)
  await type(w, 'algo-stopLimitPrice', limit)
  await type(w, 'algo-quantity', '0.5')
}

describe('the Algo tab holds its prices to the price guard', () => {
  it('names each price beyond the guard, and starts only once each is ticked', async () => {
    const { wrapper, fake, get, all } = await rig()
    await stopLimit(wrapper, '60000', '59900') // 7.69% and 7.84% below the last price 65,000
    await click(wrapper, 'algo-review')
    expect(all('algo-confirm-guard').map((g) => g.find('span').text())).toEqual([
      'Trigger 60,000 USDT is 7.69% below the last price 65,000 (price guard: 5%)',
      'Stop limit 59,900 USDT is 7.84% below the last price 65,000 (price guard: 5%)'
    ])
    expect(get('algo-confirm').attributes('disabled')).toBeDefined()
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toEqual([])
    await all('algo-confirm-guard-ack')[0]!.setValue(true)
    expect(get('algo-confirm').attributes('disabled')).toBeDefined() // the second still unticked
    await all('algo-confirm-guard-ack')[1]!.setValue(true)
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toMatchObject([{ triggerPrice: '60000', stopLimitPrice: '59900' }])
  })

  it('prices within the guard start without a tick', async () => {
    const { wrapper, fake, all } = await rig()
    await stopLimit(wrapper, '64000', '63900')
    await click(wrapper, 'algo-review')
    expect(all('algo-confirm-guard')).toHaveLength(0)
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toHaveLength(1)
  })

  it("a futures bracket's take profit is measured against the mark price", async () => {
    const { wrapper, all } = await rig({ module: 'futures' })
    await wrapper.get('[data-testid="algo-kind"]').setValue('bracket')
    await click(wrapper, 'algo-side-buy')
    await type(wrapper, 'algo-limitPrice', '64900')
    await type(wrapper, 'algo-takeProfitPrice', '80000')
    await type(wrapper, 'algo-triggerPrice', '64000')
    await type(wrapper, 'algo-quantity', '10')
    await click(wrapper, 'algo-review')
    expect(all('algo-confirm-guard').map((g) => g.find('span').text())).toEqual([
      'Take profit 80,000 USDT is 23.07% above the mark price 65,000.0 (price guard: 5%)'
    ])
  })

  it('with no last price seen yet, every price wants its tick', async () => {
    const { wrapper, all } = await rig({ noPrices: true })
    await stopLimit(wrapper, '64000', '63900')
    await click(wrapper, 'algo-review')
    expect(all('algo-confirm-guard').map((g) => g.find('span').text())).toEqual([
      'no last price yet to check Trigger 64,000 USDT against',
      'no last price yet to check Stop limit 63,900 USDT against'
    ])
  })
})

describe('the Algo tab on stale market data', () => {
  it('names the staleness and starts only once it is ticked', async () => {
    const { wrapper, fake, get } = await rig()
    await spotStale()
    await stopLimit(wrapper, '64000', '63900')
    await click(wrapper, 'algo-review')
    expect(get('algo-confirm-stale').text()).toContain('Market data stale 12 s')
    expect(get('algo-confirm').attributes('disabled')).toBeDefined()
    await get('algo-confirm-stale-ack').setValue(true)
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toHaveLength(1)
  })

  it('prices gone stale while the confirmation is open: named there, and ticked first', async () => {
    const { wrapper, fake, get } = await rig()
    await stopLimit(wrapper, '64000', '63900')
    await click(wrapper, 'algo-review')
    expect(wrapper.find('[data-testid="algo-confirm-stale"]').exists()).toBe(false)
    await spotStale()
    expect(get('algo-confirm-stale').text()).toContain('Market data stale 12 s')
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toEqual([])
  })
})

describe('the Algo tab after an undetermined place on its market', () => {
  it('is barred in words until the notice is dismissed', async () => {
    const { wrapper, fake, get } = await rig()
    await fake.emit('trading.onOrderEvents', undetermined('c7', 'dogeusdt')) // another market: no bar
    await stopLimit(wrapper, '64000', '63900')
    expect(wrapper.find('[data-testid="algo-refusal"]').exists()).toBe(false)
    await fake.emit('trading.onOrderEvents', undetermined('c8', 'btcusdt'))
    expect(get('algo-refusal').text()).toBe(
      'order c8 on btcusdt may have been placed: the exchange would not tell; check it there, then dismiss the notice in Open orders to send another'
    )
    expect(get('algo-review').attributes('disabled')).toBeDefined()
    await click(wrapper, 'algo-review')
    expect(wrapper.find('[data-testid="algo-confirm-dialog"]').exists()).toBe(false)
    const store = useOrderEventsStore()
    store.dismissUndetermined(store.undetermined.find((v) => v.symbol === 'btcusdt')!)
    await flushPromises()
    await click(wrapper, 'algo-review')
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toHaveLength(1)
  })
})

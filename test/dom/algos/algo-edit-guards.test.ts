// The Algo tab's guards on an edit from the Algorithms panel (AlgoEditRow.vue): a changed price beyond the price
// guard from the last (spot) or mark (futures) price, or any changed price while none is seen, is named with its
// distance and Save waits for its tick; stale market data is named and ticked; a market with an undetermined place is
// barred in words.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { AlgosEventView } from '@shared/ipc/views/algos'
import AlgosPanel from '../../../src-renderer/src/panels/AlgosPanel.vue'
import { useOrderEventsStore } from '../../../src-renderer/src/stores/order-events'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { click, marketPrices, mountPanel, ticker, type } from '../trading/setup'
import { algoView, futuresIceberg } from './algo-view'
import { spotStale } from '../frame/spot-stale'
import { undetermined } from '../trading/undetermined'

let seq = 100
const event = (e: AlgosEventView) => ({ ...e, profileId: PAPER.id, seq: ++seq })
const twap = algoView({
  kind: 'twap',
  state: 'working',
  triggerPrice: null,
  stopLimitPrice: null,
  limitPrice: '64000',
  durationSeconds: 600,
  slices: 10,
  jitter: false,
  editable: ['limitPrice']
})

/** The Algorithms panel with a spot TWAP's edit open; the market's prices (last 65,000) unless `noPrices`. */
async function rig(o: { noPrices?: boolean } = {}) {
  const r = await mountPanel(
    AlgosPanel,
    { priceGuard: '5', noPrices: true },
    { 'profiles.setActive': () => ({ ok: true }), 'algos.edit': (i: { id: string }) => algoView({ id: i.id }) }
  )
  useProfilesStore().start()
  await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
  await r.fake.emit('algos.onChange', event({ algos: [twap] }))
  await r.wrapper.get('[data-testid="algo-edit-open"]').trigger('click')
  if (!o.noPrices) await marketPrices(r.fake) // the row follows its market's last price from here
  const w = r.wrapper
  const saveOff = () => w.get('[data-testid="algo-edit-save"]').attributes('disabled') !== undefined
  const guards = () => w.findAll('[data-testid="algo-edit-guard"]').map((g) => g.find('span').text())
  return { ...r, saveOff, guards }
}

describe('an edit of a running algorithm holds its prices to the guards', () => {
  it('names a changed price beyond the guard, and saves only once it is ticked', async () => {
    const { wrapper, fake, saveOff, guards } = await rig()
    await type(wrapper, 'algo-edit-limitPrice', '63000') // 3.07% below 65,000: within the guard
    expect(guards()).toEqual([])
    expect(saveOff()).toBe(false)
    await type(wrapper, 'algo-edit-limitPrice', '60000')
    expect(guards()).toEqual(['Limit 60,000 USDT is 7.69% below the last price 65,000 (price guard: 5%)'])
    expect(saveOff()).toBe(true)
    await click(wrapper, 'algo-edit-save')
    expect(fake.inputs('algos.edit')).toEqual([])
    await wrapper.get('[data-testid="algo-edit-guard-ack"]').setValue(true)
    await fake.emit('market.onTicker', ticker('65100')) // the market moves on: the tick holds
    await flushFrames()
    expect(guards()).toEqual(['Limit 60,000 USDT is 7.83% below the last price 65,100 (price guard: 5%)'])
    expect(saveOff()).toBe(false)
    await click(wrapper, 'algo-edit-save')
    expect(fake.inputs('algos.edit')).toEqual([{ profileId: PAPER.id, id: twap.id, limitPrice: '60000' }])
  })

  it("a futures algorithm's changed price is measured against the mark price", async () => {
    const { wrapper, fake } = await mountPanel(
      AlgosPanel,
      { module: 'futures', priceGuard: '5', noPrices: true },
      { 'algos.edit': (i: { id: string }) => algoView({ id: i.id }) }
    )
    const iceberg = futuresIceberg({ limitPrice: '64000' })
    await fake.emit('algos.onChange', event({ algos: [iceberg] }))
    await click(wrapper, 'algo-edit-open')
    await marketPrices(fake)
    await type(wrapper, 'algo-edit-limitPrice', '70000')
    expect(wrapper.findAll('[data-testid="algo-edit-guard"]').map((g) => g.find('span').text())).toEqual([
      'Limit 70,000 USDT is 7.69% above the mark price 65,000.0 (price guard: 5%)'
    ])
  })

  it('with no last price seen, a changed price wants its tick', async () => {
    const { wrapper, saveOff, guards } = await rig({ noPrices: true })
    await type(wrapper, 'algo-edit-limitPrice', '64100')
    expect(guards()).toEqual(['no last price yet to check Limit 64,100 USDT against'])
    expect(saveOff()).toBe(true)
  })

  it('names stale market data and saves only once it is ticked', async () => {
    const { wrapper, fake, saveOff } = await rig()
    await spotStale()
    await type(wrapper, 'algo-edit-limitPrice', '64100')
    expect(wrapper.get('[data-testid="algo-edit-stale"]').text()).toContain('Market data stale 12 s')
    expect(saveOff()).toBe(true)
    await wrapper.get('[data-testid="algo-edit-stale-ack"]').setValue(true)
    await click(wrapper, 'algo-edit-save')
    expect(fake.inputs('algos.edit')).toEqual([{ profileId: PAPER.id, id: twap.id, limitPrice: '64100' }])
  })

  it('is barred in words while its market has an undetermined place', async () => {
    const { wrapper, fake, saveOff } = await rig()
    await fake.emit('trading.onOrderEvents', undetermined('c8'))
    await type(wrapper, 'algo-edit-limitPrice', '64100')
    expect(wrapper.get('[data-testid="algo-edit-refusal"]').text()).toBe(
      'order c8 on btcusdt may have been placed: the exchange would not tell; check it there, then dismiss the notice in Open orders to send another'
    )
    expect(saveOff()).toBe(true)
    const store = useOrderEventsStore()
    store.dismissUndetermined(store.undetermined[0]!)
    await flushPromises()
    expect(saveOff()).toBe(false)
  })
})

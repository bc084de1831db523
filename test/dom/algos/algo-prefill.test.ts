// The order form's Algo tab filled from the chart ("Algorithm here…": stores/algo-prefill.ts): the tab opens with the
// kind, side and price asked, every other field empty, nothing sent until its own review and confirmation; a second
// ask replaces the first; a profile switch drops an ask not yet taken.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useAlgoPrefillStore } from '../../../src-renderer/src/stores/algo-prefill'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { click, marketPrices, mountPanel, type } from '../trading/setup'
import { algoView } from './algo-view'

async function rig() {
  const r = await mountPanel(
    OrderPanel,
    {},
    { 'algos.create': () => algoView({ kind: 'oco' }), 'profiles.setActive': () => ({ ok: true }) }
  )
  useProfilesStore().start()
  await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
  await marketPrices(r.fake) // the new profile's feeds start empty: the price guard's reference
  const w = r.wrapper
  const get = (id: string) => w.get(`[data-testid="${id}"]`)
  const value = (id: string) => (get(id).element as HTMLInputElement).value
  return { ...r, get, value }
}

describe('the Algo tab filled from the chart', () => {
  it('opens with the kind, side and price asked, and sends only from its confirmation', async () => {
    const { wrapper, fake, get, value } = await rig()
    expect(wrapper.find('[data-testid="algo-form"]').exists()).toBe(false) // the order tab is shown
    const prefill = useAlgoPrefillStore()
    prefill.ask({ kind: 'oco', side: 'SELL', fields: { triggerPrice: '60000' } })
    await flushPromises()
    expect(get('order-entry-tab-algo').attributes('aria-selected')).toBe('true')
    expect((get('algo-kind').element as HTMLSelectElement).value).toBe('oco')
    expect(get('algo-side-sell').attributes('aria-pressed')).toBe('true')
    expect(value('algo-triggerPrice')).toBe('60000')
    expect(value('algo-limitPrice')).toBe('')
    expect(value('algo-quantity')).toBe('')
    expect(prefill.asked).toBeNull() // taken once
    expect(fake.inputs('algos.create')).toEqual([])
    await type(wrapper, 'algo-limitPrice', '70000')
    await type(wrapper, 'algo-quantity', '0.5')
    await click(wrapper, 'algo-review')
    expect(fake.inputs('algos.create')).toEqual([]) // the confirmation asks first
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toMatchObject([
      { kind: 'oco', side: 'SELL', triggerPrice: '60000', limitPrice: '70000', quantity: '0.5' }
    ])
  })

  it('a second ask replaces what the first filled in; a profile switch drops an ask not taken', async () => {
    const { get, value } = await rig()
    const prefill = useAlgoPrefillStore()
    prefill.ask({ kind: 'stop-limit', side: 'SELL', fields: { triggerPrice: '60000' } })
    await flushPromises()
    prefill.ask({ kind: 'bracket', side: 'BUY', fields: { limitPrice: '58000' } })
    await flushPromises()
    expect((get('algo-kind').element as HTMLSelectElement).value).toBe('bracket')
    expect(get('algo-side-buy').attributes('aria-pressed')).toBe('true')
    expect(value('algo-limitPrice')).toBe('58000')
    expect(value('algo-triggerPrice')).toBe('') // the stop-limit's trigger is not carried over
    // An ask left for the old profile is not shown under the new one.
    prefill.ask({ kind: 'oco', side: 'SELL', fields: { triggerPrice: '1' } })
    useProfilesStore().activeId = REMOTE.id
    expect(prefill.asked).toBeNull()
  })

  it("an ask not taken is dropped when the selected market changes: a chart's price never fills another market", () => {
    const prefill = useAlgoPrefillStore()
    const selection = useSelectionStore()
    selection.selectMarket('spot', 'btcusdt')
    prefill.ask({ kind: 'oco', side: 'SELL', fields: { triggerPrice: '60000' } })
    expect(prefill.asked).not.toBeNull()
    selection.selectMarket('spot', 'ethusdt')
    expect(prefill.asked).toBeNull()
  })
})

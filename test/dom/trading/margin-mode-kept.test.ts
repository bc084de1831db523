// The margin mode chosen per contract is kept by main in the profile's preferences: the venue has no read of it,
// so a reload or a switch of profile and back shows the one chosen, and the form sends it as positionType.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { fakePreferences } from '../frame/fake-preferences'
import { PAPER, REMOTE } from '../frame/fixtures'
import { click, mountPanel } from './setup'

type Main = ReturnType<typeof fakePreferences>

/** The order form on E-BTC-USDT of the paper profile, main's preferences loaded (what a reload does). */
async function openForm(main: Main) {
  const rig = await mountPanel(
    OrderPanel,
    { module: 'futures' },
    {
      'preferences.get': (i) => main.get(i),
      'preferences.set': (i) => main.set(i),
      'trading.setMarginMode': () => ({ ok: true })
    }
  )
  useProfilesStore().activeId = PAPER.id
  await usePreferencesStore().load()
  await flushPromises()
  return rig
}
const chosen = (w: Awaited<ReturnType<typeof mountPanel>>['wrapper']) =>
  ['cross', 'isolated'].filter((m) => w.get(`[data-testid="order-margin-${m}"]`).classes().includes('on'))

describe('the margin mode chosen per contract and profile', () => {
  it('is shown as chosen after a reload', async () => {
    const main = fakePreferences(PAPER.id)
    const first = await openForm(main)
    expect(chosen(first.wrapper)).toEqual(['cross'])
    await click(first.wrapper, 'order-margin-isolated')
    expect(main.state.profiles[PAPER.id]?.marginModes).toEqual({ 'E-BTC-USDT': 'isolated' })
    first.wrapper.unmount()

    const again = await openForm(main)
    expect(chosen(again.wrapper)).toEqual(['isolated'])
    again.wrapper.unmount()
  })

  it('is the profile’s own: another profile shows its own, switching back shows the one chosen', async () => {
    const main = fakePreferences(PAPER.id)
    main.state.profiles[REMOTE.id] = { marginModes: { 'E-BTC-USDT': 'cross' } }
    const { wrapper, fake } = await openForm(main)
    await click(wrapper, 'order-margin-isolated')
    for (const [id, mode] of [
      [REMOTE.id, 'cross'],
      [PAPER.id, 'isolated']
    ] as const) {
      useProfilesStore().activeId = id
      await flushPromises()
      await fake.emit('preferences.onChange', main.view(id))
      expect(chosen(wrapper)).toEqual([mode])
    }
    expect(fake.inputs('trading.setMarginMode')).toHaveLength(1)
    wrapper.unmount()
  })
})

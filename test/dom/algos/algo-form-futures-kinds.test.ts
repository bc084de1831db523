// The Algo tab's guard for a kind main does not run on futures. Main runs every kind there today, so the schema's
// list is shortened here (as it was before main learned them): the tab then offers only the listed kinds, and a
// chart's ask for another is said in words, leaving the tab as it was.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useAlgoPrefillStore } from '../../../src-renderer/src/stores/algo-prefill'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { click, mountPanel, type } from '../trading/setup'

vi.mock('@shared/ipc/schemas/algos', async (actual) => ({
  ...(await actual<typeof import('@shared/ipc/schemas/algos')>()),
  FUTURES_ALGO_KINDS: ['twap', 'iceberg']
}))

describe('the Algo tab on futures, with a kind main does not run there', () => {
  it('offers only the listed kinds, and says in words that a chart’s ask for another does not run on futures', async () => {
    const r = await mountPanel(OrderPanel, { module: 'futures' }, { 'profiles.setActive': () => ({ ok: true }) })
    useProfilesStore().start()
    await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
    await click(r.wrapper, 'order-entry-tab-algo')
    const w = r.wrapper
    const offered = w.findAll('[data-testid="algo-kind"] option').map((o) => o.attributes('value'))
    expect(offered.sort()).toEqual(['iceberg', 'twap'])
    await w.get('[data-testid="algo-kind"]').setValue('twap')
    await click(w, 'algo-side-buy')
    await type(w, 'algo-quantity', '10')
    useAlgoPrefillStore().ask({ kind: 'stop-limit', side: 'SELL', fields: { triggerPrice: '60000' } })
    await flushPromises()
    expect(w.get('[data-testid="algo-refusal"]').text()).toBe('a stop limit does not run on futures')
    expect((w.get('[data-testid="algo-kind"]').element as HTMLSelectElement).value).toBe('twap') // left as it was
    expect((w.get('[data-testid="algo-quantity"]').element as HTMLInputElement).value).toBe('10')
    expect(r.fake.inputs('algos.create')).toEqual([])
  })
})

// The PnL panel over the fake client: main's report and equity curve of the shown profile in exact figures, and a
// profile switch that empties it at once, reads the new profile's, and drops an answer of the old one arriving late.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import type { EquityView, PnlReportView } from '@shared/ipc/views/pnl'
import { pnlReport } from '@shared/trading/pnl'
import PnlPanel from '../../../src-renderer/src/panels/PnlPanel.vue'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { mountPanel } from '../trading/setup'

// Charts are drawn on a canvas happy-dom lacks: their options are covered by the e2e's picture.
vi.mock('../../../src-renderer/src/charts/echarts', () => ({
  echarts: {
    init: () => ({ setOption: () => undefined, on: () => undefined, resize: () => undefined, dispose: () => undefined })
  }
}))

const T = Date.UTC(2026, 2, 1, 12)
const reportOf = (profileId: string, sellPrice: string): PnlReportView => ({
  profileId,
  at: T,
  truncated: [],
  failed: [],
  ...pnlReport([
    {
      module: 'spot',
      symbol: 'btcusdt',
      base: 'BTC',
      quote: 'USDT',
      id: '1',
      side: 'BUY',
      price: '100',
      qty: '1',
      fee: '0',
      feeCoin: 'USDT',
      time: T
    },
    {
      module: 'spot',
      symbol: 'btcusdt',
      base: 'BTC',
      quote: 'USDT',
      id: '2',
      side: 'SELL',
      price: sellPrice,
      qty: '1',
      fee: '0.1',
      feeCoin: 'USDT',
      time: T + 1
    }
  ])
})
const equityOf = (profileId: string): EquityView => ({ profileId, asset: 'USDT', intervalMs: 900_000, samples: [] })

describe('the PnL panel', () => {
  it("shows the shown profile's figures only, across a switch and a late answer", async () => {
    let release: (r: PnlReportView) => void = () => undefined
    const calls: (string | undefined)[] = []
    const { fake, wrapper } = await mountPanel(
      PnlPanel,
      {},
      {
        'profiles.setActive': () => ({ ok: true }),
        'pnl.report': (i) => {
          calls.push(i.profileId)
          // The paper profile's second read hangs until released: it answers after the switch.
          if (i.profileId === PAPER.id && calls.length > 1) return new Promise<PnlReportView>((r) => (release = r))
          return i.profileId === REMOTE.id ? reportOf(REMOTE.id, '90') : reportOf(PAPER.id, '110.5')
        },
        'pnl.equity': (i) => equityOf(i.profileId ?? PAPER.id)
      }
    )
    const profiles = useProfilesStore()
    profiles.start()
    await fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
    await wrapper.get('[data-testid="pnl-refresh"]').trigger('click')
    await flushPromises()
    const realized = () => wrapper.find('[data-testid="pnl-realized"]')
    // The first read (before the profile was known) answered with the paper figures; the refresh hangs.
    expect(realized().attributes('data-exact')).toBe('10.4')
    expect(wrapper.get('[data-testid="pnl-win-rate"]').text()).toBe('100.00%')

    await profiles.setActive(REMOTE.id)
    await flushPromises()
    expect(realized().attributes('data-exact')).toBe('-10.1')
    release(reportOf(PAPER.id, '500')) // the old profile's late answer
    await flushPromises()
    expect(realized().attributes('data-exact')).toBe('-10.1')
    expect(wrapper.get('[data-testid="pnl-avg-loss"]').attributes('data-exact')).toBe('-10.1')
  })
})

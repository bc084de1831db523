// The positions confirmation at 1280x720: in the panel's flow it pushed the row it asked about out of the bottom
// area (a one-row table under a two-line bar). It is laid over the page just above the table, so both show.
import { afterEach, describe, expect, it, vi } from 'vitest'
import PositionPanel from '../../../src-renderer/src/panels/PositionPanel.vue'
import { placeConfirm } from '../../../src-renderer/src/panels/trading/position-confirm'
import { click, mountPanel } from './setup'
import { position, POSITION_RECORDS } from './fixtures'

const WIN = { width: 1280, height: 720 }
// The positions table of the trial's layout: its header and one row, at the bottom of the window.
const TABLE = { top: 638, bottom: 688, left: 274, width: 1002 }

describe('the positions confirmation is placed so the table stays in view', () => {
  afterEach(() => vi.restoreAllMocks())

  it('sits just above the table, its width, whatever its height fits', () => {
    for (const h of [40, 120, 400]) {
      const at = placeConfirm(TABLE, h, WIN)
      expect(at.top + h).toBeLessThanOrEqual(TABLE.top)
      expect(at.top).toBeGreaterThanOrEqual(4)
      expect(at).toMatchObject({ left: 274, width: 1002 })
    }
  })

  it('goes below a table at the top of the window, and stays inside the window', () => {
    const high = { top: 20, bottom: 120, left: 0, width: 1400 }
    expect(placeConfirm(high, 60, WIN)).toEqual({ left: 4, top: 124, width: 1272 })
    // no room either side: at the top of the window
    expect(placeConfirm({ ...TABLE, top: 300, bottom: 690 }, 400, WIN).top).toBe(4)
  })

  it('the bar of a close is laid above the table, not in its flow', async () => {
    const { wrapper, account } = await mountPanel(
      PositionPanel,
      { module: 'futures', confirm: true },
      { ...POSITION_RECORDS }
    )
    await account({ positions: [position()] })
    const table = wrapper.get('[data-testid="positions"]').element as HTMLElement
    const real = HTMLElement.prototype.getBoundingClientRect
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this === table) return { ...TABLE, right: 1276, height: 50, x: 274, y: 638, toJSON: () => ({}) }
      if (this.dataset.testid === 'position-confirm')
        return { top: 0, bottom: 60, left: 0, right: 900, width: 900, height: 60, x: 0, y: 0, toJSON: () => ({}) }
      return real.call(this)
    })
    await click(wrapper, 'position-close-market')
    const bar = wrapper.get('[data-testid="position-confirm"]')
    expect(bar.attributes('popover')).toBe('manual')
    expect(bar.attributes('style')).toContain(`top: ${TABLE.top - 4 - 60}px`)
    // as wide as the table, inside the window (happy-dom's is 1024 wide)
    expect(bar.attributes('style')).toContain(`width: ${Math.min(TABLE.width, window.innerWidth - 274 - 4)}px`)
  })
})

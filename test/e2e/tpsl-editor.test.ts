// The TP/SL editor at 1280x720, in a real Chromium against the embedded exchange: the bottom panels are a few rows
// tall there and the editor, once a row under the position, showed only its Attach/Close line. Laid over the page
// beside its row, every field, each refusal beside its field and both buttons are inside the window and on top
// (the element at each one's centre is itself). A TP below and an SL above the mark of a long name both legs.
import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { formatFixed, mul } from '@shared/decimal'
import { futuresAt1280, onTop, openLong } from './order-form-ui'
import { testId as id, useTerminalSession } from './terminal-harness'

const SHOTS = '/tmp/s19-trust'

describe('the TP/SL editor at 1280x720, in Chromium', () => {
  let page: Page
  const { session, errors } = useTerminalSession(async (s) => {
    page = s.page
    await futuresAt1280(page)
    mkdirSync(SHOTS, { recursive: true })
  })

  it('shows every field, both refusals and the buttons in the window', { timeout: 120_000 }, async () => {
    session()
    const row = await openLong(page, '12')

    await row.locator(id('position-tpsl')).click()
    const editor = page.locator(id('tpsl-editor'))
    await editor.waitFor()
    for (const f of ['tpsl-sl', 'tpsl-sl-qty', 'tpsl-sl-price', 'tpsl-tp', 'tpsl-tp-qty', 'tpsl-tp-price'])
      await onTop(page.locator(id(f)))
    await onTop(page.locator(id('tpsl-submit')))
    await onTop(page.locator(id('tpsl-close')))
    await page.screenshot({ path: `${SHOTS}/tpsl-editor-1280.png` })

    // A long: its stop-loss goes below the mark, its take-profit above. Both the wrong way round: both said.
    const mark = ((await row.locator(id('position-mark')).textContent()) ?? '').replace(/,/g, '')
    await page.locator(id('tpsl-sl')).fill(formatFixed(mul(mark, '1.1'), 1, 'down'))
    await page.locator(id('tpsl-tp')).fill(formatFixed(mul(mark, '0.9'), 1, 'down'))
    await page.locator(id('tpsl-submit')).click()
    await expect.poll(() => page.locator(id('tpsl-sl-error')).textContent()).toContain('not below it')
    await expect.poll(() => page.locator(id('tpsl-tp-error')).textContent()).toContain('not above it')
    for (const f of ['tpsl-sl-error', 'tpsl-tp-error', 'tpsl-sl', 'tpsl-tp', 'tpsl-submit', 'tpsl-close'])
      await onTop(page.locator(id(f)))
    await page.screenshot({ path: `${SHOTS}/tpsl-editor-1280-refused.png` })
    expect(await row.locator(id('position-leg')).count()).toBe(0)

    // Mended, attached through the confirmation (the editor steps aside for it), and gone once attached.
    await page.locator(id('tpsl-sl')).fill(formatFixed(mul(mark, '0.9'), 1, 'down'))
    await page.locator(id('tpsl-tp')).fill(formatFixed(mul(mark, '1.1'), 1, 'down'))
    await page.locator(id('tpsl-submit')).click()
    const send = page.locator(id('position-confirm-send'))
    await send.waitFor()
    await onTop(send)
    await send.click()
    await expect.poll(() => row.locator(id('position-leg')).count(), { timeout: 15_000 }).toBe(2)
    await editor.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  })
})

// A terminal started on an embedded-exchange data folder of another format version, in a real Chromium: the main
// window tells the user where the old paper data was kept (a toast that stays), a pop-out window does not, and a
// reload of the main window does not tell it again.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startBrowserHost, type BrowserHost } from '../../src-main/browser-host/browser-host'
import { startTerminalCore, type TerminalCore } from '../../src-main/core/terminal-core'
import { MemorySecretStore } from '../../src-main/vault/secret-store'
import { DATA_FORMAT_VERSION } from '../../src-sim/exchange'
import { FORMAT_FILE } from '../../src-sim/store/data-format'
import { frame } from '../../src-sim/store/record'
import { launchChromium, type Chromium } from './browser'
import { connected, painted, testId } from './terminal-harness'

const SHOTS = resolve(import.meta.dirname, '../../test-results/e2e')

describe('startup notice in Chromium', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'chtrader-e2e-notice-'))
  const secrets = new MemorySecretStore()
  const start = () =>
    startTerminalCore({ userDataDir, secrets, embedded: { seed: 7, activity: false }, log: () => undefined })
  let core: TerminalCore
  let host: BrowserHost
  let chromium: Chromium
  beforeAll(async () => {
    await (await start()).close()
    writeFileSync(
      join(userDataDir, 'embedded-exchange', FORMAT_FILE),
      frame(JSON.stringify({ version: DATA_FORMAT_VERSION + 1 }))
    )
    core = await start()
    host = await startBrowserHost({ core, rendererDir: inject('rendererDir') })
    chromium = await launchChromium()
  })
  afterAll(async () => {
    await chromium?.close()
    await host?.close()
    await core?.close()
    rmSync(userDataDir, { recursive: true, force: true })
  })

  it('tells the main window once where the old paper data was kept', async () => {
    const popout = await chromium.context.newPage()
    await popout.goto(host.launchUrl('/market/spot/btcusdt'))
    await connected(popout)
    await popout.locator(testId('popout-view')).waitFor()

    const page = await chromium.context.newPage()
    await page.goto(host.launchUrl())
    await connected(page)
    const toast = page.locator(testId('toast-warn'))
    await expect
      .poll(() => toast.textContent())
      .toMatch(
        new RegExp(
          `was written by another version \\(format version ${DATA_FORMAT_VERSION + 1}; this version reads ${DATA_FORMAT_VERSION}\\) and was kept at .*embedded-exchange\\.format-${DATA_FORMAT_VERSION + 1}-.*; a fresh paper exchange was started\\.`
        )
      )
    // Longer than a warning's usual lifetime (8 s): a probe timer the page sets after the toast is shown, due later
    // than the toast's own would be, has fired, so a timer that would take the toast away has too (the page runs
    // its timers in order, however late a loaded machine runs them). This one stays.
    await page.evaluate(() => {
      const w = globalThis as unknown as { __probeFired: boolean }
      w.__probeFired = false
      setTimeout(() => (w.__probeFired = true), 8_500)
    })
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { __probeFired: boolean }).__probeFired), {
        timeout: 60_000
      })
      .toBe(true)
    await painted(page)
    expect(await toast.count()).toBe(1)
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: join(SHOTS, 'startup-notice.png') })
    expect(await popout.locator(testId('toast-warn')).allTextContents()).toEqual([])

    await page.reload()
    await connected(page)
    // The status bar shows the version from its own app.info, asked after the notices' one: that answer is in.
    await expect.poll(() => page.locator(testId('status-bar')).textContent()).toMatch(/v\d+\.\d+\.\d+/)
    expect(await page.locator(testId('toast-warn')).count()).toBe(0)
  })
})

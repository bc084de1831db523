// The production renderer bundle, opened in a real Chromium: it mounts, switches modules, and logs no errors.
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium, serveDir, type Chromium, type StaticServer } from './browser'

const screenshots = resolve(import.meta.dirname, '../../test-results/e2e')

describe('renderer shell in Chromium', () => {
  let server: StaticServer
  let browser: Chromium

  beforeAll(async () => {
    server = await serveDir(inject('rendererDir'))
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('renders the module tabs and switches module on click', async () => {
    const page = await browser.context.newPage()
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`)
    })
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    page.on('requestfailed', (r) => errors.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`))
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`)
    })

    const response = await page.goto(`${server.url}/index.html`)
    expect(response?.status()).toBe(200)

    await page.locator('[data-testid="app-shell"]').waitFor({ state: 'visible' })
    const tabs = page.locator('[data-testid="module-tabs"] button')
    expect((await tabs.allTextContents()).map((t) => t.trim())).toEqual(['Spot', 'Margin', 'Futures'])

    expect(await page.locator('[data-testid="module-tab-spot"]').getAttribute('class')).toContain('active')
    await page.locator('[data-testid="module-tab-futures"]').click()
    await page.locator('[data-testid="module-tab-futures"].active').waitFor()
    // Served without the browser host there is no terminal to talk to: the status bar says so.
    await page.locator('[data-testid="connection-status"][data-state="unauthorized"]').waitFor()

    await mkdir(screenshots, { recursive: true })
    await page.screenshot({ path: resolve(screenshots, 'renderer-shell.png'), fullPage: true })
    expect(errors).toEqual([])
  })
})

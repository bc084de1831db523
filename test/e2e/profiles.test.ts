// Settings › Profiles in a real Chromium against the real core: a remote profile is added with keys, and the
// secret and the full key appear nowhere in the page afterwards (HTML, DOM text, form values, storage): only the
// masked key that main sends back.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { connected, useTerminalSession } from './terminal-harness'

const API_KEY = 'AKE2Etest7Q4mZp9wVx3'
const API_SECRET = 'sk-e2e-9f8e7d6c5b4a-SECRET-never-shown'
const MASKED = 'AKE2…wVx3'

/** Everything the page holds that a secret could leak into. */
async function pageDump(page: Page): Promise<string> {
  return page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea, select')].map((el) => (el as HTMLInputElement).value)
    const attrs = [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value))
    const storage = [localStorage, sessionStorage].flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`))
    return [
      document.documentElement.outerHTML,
      document.body.innerText,
      document.title,
      ...values,
      ...attrs,
      ...storage
    ].join('\n')
  })
}

describe('profiles in Chromium', () => {
  const { session, errors } = useTerminalSession()

  it('adds a remote profile with keys that never appear in the page, only masked', async () => {
    const s = session()
    const { page } = s
    await connected(page)
    await page.locator('[data-testid="profile-switcher"]').click()
    await page.locator('[data-testid="profile-add"]').click()
    const form = page.locator('[data-testid="profile-add-form"]')
    await form.waitFor()

    // Client-side checks first: a bad URL is refused at the field, nothing is sent.
    await form.locator('[data-testid="profile-name"]').fill('Venue X')
    await form.locator('[data-testid="profile-base-url"]').fill('ftp://nope')
    await form.locator('[data-testid="profile-save"]').click()
    await expect.poll(() => form.textContent()).toMatch(/REST base URL must be an absolute http\(s\) URL/)

    await form.locator('[data-testid="profile-base-url"]').fill('https://api.venue-x.test')
    await form.locator('[data-testid="profile-ws-spot"]').fill('wss://ws.venue-x.test/spot')
    await form.locator('[data-testid="profile-ws-futures"]').fill('wss://ws.venue-x.test/futures')
    await form.locator('[data-testid="profile-api-key"]').fill(API_KEY)
    await form.locator('[data-testid="profile-api-secret"]').fill(API_SECRET)
    expect(await form.locator('[data-testid="profile-api-key"]').getAttribute('type')).toBe('password')
    await form.locator('[data-testid="profile-save"]').click()

    const card = page.locator('[data-testid="profile-card-remote"]')
    await card.waitFor()
    await expect.poll(() => card.locator('[data-testid="profile-key-masked"]').textContent()).toBe(MASKED)
    await page.locator('[data-testid="toast-success"]').first().waitFor()
    await s.shot('profiles-remote-added')

    const dump = await pageDump(page)
    expect(dump).toContain(MASKED)
    expect(dump).toContain('Venue X')
    expect(dump).not.toContain(API_SECRET)
    expect(dump).not.toContain(API_KEY)
    // Not even a long piece of either.
    for (const secret of [API_KEY, API_SECRET])
      for (let i = 0; i + 10 <= secret.length; i++) expect(dump).not.toContain(secret.slice(i, i + 10))

    // The switcher lists it with the masked key; the paper profile stays active.
    await page.keyboard.press('Escape')
    await page.locator('[data-testid="profile-switcher"]').click()
    await expect.poll(() => page.locator('[data-testid="profile-menu"]').textContent()).toContain(MASKED)
    expect(await page.locator('[data-testid="profile-switcher"]').textContent()).toMatch(/Paper/)
    await s.shot('profiles-switcher')
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  })

  it('refuses keys main rejects, names the field, and keeps no trace of them', async () => {
    const s = session()
    const { page } = s
    await page.locator('[data-testid="open-settings"]').click()
    await page.locator('[data-testid="profile-add-open"]').click()
    const form = page.locator('[data-testid="profile-add-form"]')
    await form.locator('[data-testid="profile-name"]').fill('Venue Y')
    await form.locator('[data-testid="profile-base-url"]').fill('https://api.venue-y.test')
    await form.locator('[data-testid="profile-ws-spot"]').fill('wss://ws.venue-y.test/spot')
    await form.locator('[data-testid="profile-ws-futures"]').fill('wss://ws.venue-y.test/futures')
    await form.locator('[data-testid="profile-api-key"]').fill('AKvalid1234567890')
    await form.locator('[data-testid="profile-api-secret"]').fill('another-secret-value-42')
    await form
      .locator('[data-testid="profile-rsa-key"]')
      .fill('-----BEGIN PRIVATE KEY-----\nnot-a-key-at-all\n-----END PRIVATE KEY-----')
    await form.locator('[data-testid="profile-save"]').click()
    await page.locator('[data-testid="toast-error"]').first().waitFor()
    expect(await page.locator('[data-testid="toast-code"]').first().textContent()).toMatch(/invalid-input/)
    await s.shot('profiles-keys-refused')
    const dump = await pageDump(page)
    expect(dump).not.toContain('another-secret-value-42')
    expect(dump).not.toContain('not-a-key-at-all')
    expect(await page.locator('[data-testid="profile-card-remote"]').count()).toBe(1)
  })

  it("takes the paper account's toast off the screen in the frame of the switch, not faded out after it", async () => {
    const { page } = session()
    if (!(await page.locator('[data-testid="settings"]').count()))
      await page.locator('[data-testid="open-settings"]').click()
    await page.locator('[data-testid="settings-tab-notifications"]').click()
    await page.locator('[data-testid="notify-test"]').click() // a toast told under the paper profile
    await page.locator('[data-testid="settings-close"]').click()
    await page.locator('[data-testid="toast-success"]', { hasText: 'test notification' }).waitFor()
    await page.locator('[data-testid="profile-switcher"]').click()
    // The toasts of every frame from the one whose switcher names Venue X, as the page draws them.
    const frames = await page.evaluate(async () => {
      const switcher = document.querySelector('[data-testid="profile-switcher"]')!
      const to = [...document.querySelectorAll<HTMLElement>('[data-testid="profile-menu"] button')]
      to.find((b) => b.textContent?.includes('Venue X'))!.click()
      const toasts = () => [...document.querySelectorAll('[data-testid="toasts"] .toast')].map((x) => x.textContent)
      const out: (string | null)[][] = []
      for (let i = 0; i < 1200 && out.length < 4; i++) {
        await new Promise((r) => requestAnimationFrame(r))
        if (out.length || switcher.textContent?.includes('Venue X')) out.push(toasts())
      }
      return out
    })
    expect(frames).toHaveLength(4)
    expect(frames.flat().filter((x) => x?.includes('test notification'))).toEqual([])
  })
})

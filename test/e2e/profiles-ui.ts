// Profiles driven as a user does, for the e2e tests: a remote profile added in Settings' profile form, a switch in
// the top bar's profile menu; and a fresh account on an embedded exchange to add as one.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { testId as id } from './terminal-harness'

export interface RemoteProfile {
  name: string
  baseUrl: string
  wsSpot: string
  wsFutures: string
  apiKey: string
  apiSecret: string
}

/** The exchange's addresses as a profile names them (its REST through `baseUrl` when given, e.g. a proxy). */
export const venueAddresses = (
  ex: { url: string; port: number },
  baseUrl = ex.url
): Pick<RemoteProfile, 'baseUrl' | 'wsSpot' | 'wsFutures'> => ({
  baseUrl,
  wsSpot: `ws://127.0.0.1:${ex.port}/spot/ws`,
  wsFutures: `ws://127.0.0.1:${ex.port}/futures/ws`
})

/** A new account on an embedded exchange, made through its control API: its API keys. */
export async function newAccount(ex: {
  url: string
  controlToken: string
}): Promise<{ apiKey: string; apiSecret: string }> {
  const made = await fetch(`${ex.url}/sim/v1/accounts`, {
    method: 'POST',
    body: '{}',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ex.controlToken}` }
  })
  if (made.status !== 200) throw new Error(`the exchange made no account: ${made.status} ${await made.text()}`)
  return (await made.json()) as { apiKey: string; apiSecret: string }
}

/** Adds `p` in Settings' profile form (opened from the profile menu) and closes Settings; the shown one stays. */
export async function addRemoteProfile(page: Page, p: RemoteProfile): Promise<void> {
  await page.locator(id('profile-switcher')).click()
  await page.locator(id('profile-add')).click()
  const form = page.locator(id('profile-add-form'))
  await form.locator(id('profile-name')).fill(p.name)
  await form.locator(id('profile-base-url')).fill(p.baseUrl)
  await form.locator(id('profile-ws-spot')).fill(p.wsSpot)
  await form.locator(id('profile-ws-futures')).fill(p.wsFutures)
  await form.locator(id('profile-api-key')).fill(p.apiKey)
  await form.locator(id('profile-api-secret')).fill(p.apiSecret)
  await form.locator(id('profile-save')).click()
  await page.locator(id('profile-card-remote')).waitFor()
  await page.keyboard.press('Escape')
}

/** Switches to the profile named `name` in the profile menu; resolves once the switcher names it. */
export async function switchProfile(page: Page, name: string): Promise<void> {
  await page.locator(id('profile-switcher')).click()
  await page.locator(id('profile-menu')).locator('button', { hasText: name }).click()
  await expect.poll(() => page.locator(id('profile-switcher')).textContent()).toContain(name)
}

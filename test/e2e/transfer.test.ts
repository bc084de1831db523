// Wallet transfers in a real Chromium through the browser host: the paper profile has an RSA key, so USDT goes
// from spot to the futures wallet and back; both wallets and the session's results show each transfer, and the
// embedded exchange's capital flow records it.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { add, compare, sub } from '@shared/decimal'
import { testId as id, useTerminalSession } from './terminal-harness'

const plain = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').replace(/,|USDT/g, '').trim()

describe('spot <-> futures transfer in Chromium', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.locator(id('bottom-tab-transfer')).click()
    await s.page.locator(id('transfer-rsa'), { hasText: 'RSA key set' }).waitFor({ timeout: 20_000 })
  })

  it('moves USDT to the futures wallet and back, showing each result', async () => {
    const s = session()
    const { page } = s
    const wallet = () => plain(page, `${id('futures-wallet')} tr[data-coin="USDT"] ${id('wallet-balance')}`)
    const available = () => plain(page, id('transfer-available'))
    await expect.poll(available, { timeout: 15_000 }).toMatch(/^\d/)
    const [spot0, wallet0] = [await available(), await wallet()]

    await page.locator(id('transfer-amount')).fill('123.45')
    await page.locator(id('transfer-submit')).click()
    const results = page.locator(id('transfer-result'))
    await expect
      .poll(() => results.first().textContent(), { timeout: 10_000 })
      .toMatch(/Spot → Futures 123\.45 USDT: done · transfer \S+/)
    await expect.poll(async () => compare(await wallet(), add(wallet0, '123.45')), { timeout: 10_000 }).toBe(0)
    await expect.poll(async () => compare(await available(), sub(spot0, '123.45')), { timeout: 10_000 }).toBe(0)

    await page.locator(id('transfer-swap')).click()
    expect(await page.locator(id('transfer-from')).textContent()).toBe('Futures')
    // Refused as it is typed, Transfer disabled: nothing is sent.
    await page.locator(id('transfer-amount')).fill('99999')
    await expect
      .poll(() => page.locator(id('transfer-refusal')).textContent())
      .toMatch(/^99999 USDT is more than the [\d.]+ USDT available$/)
    expect(await page.locator(id('transfer-submit')).isDisabled()).toBe(true)
    await page.locator(id('transfer-amount')).fill('23.45')
    await page.locator(id('transfer-submit')).click()
    await expect
      .poll(() => results.first().textContent(), { timeout: 10_000 })
      .toMatch(/Futures → Spot 23\.45 USDT: done/)
    await expect.poll(async () => compare(await wallet(), add(wallet0, '100')), { timeout: 10_000 }).toBe(0)
    expect(await results.count()).toBe(2)
    await s.shot('transfer-both-ways', id('transfer'))

    // The venue recorded both: its capital flow has the transfer in and out.
    const types = [...s.core.exchange.futures.records.capital.values()].flat().map((r) => r.type)
    expect(types).toEqual(expect.arrayContaining(['1', '2']))
    expect(errors).toEqual([])
  })
})

// A second tab, the documented way, in Chromium against the terminal `npm run web` starts (runWeb on a real core):
// the printed link opened again is spent, and the page says exactly how to get a fresh one; the way it names (a
// second `npm run web`, which attaches through the address card) gives a link that connects that tab.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { attachToRunningHost } from '../../src-main/browser-host/attach'
import { runWeb, type WebRun } from '../../src-main/browser-host/web-launcher'
import { MemorySecretStore } from '../../src-main/vault/secret-store'
import { launchChromium, type Chromium } from './browser'
import { connected, testId } from './terminal-harness'

let dir: string
let run: Extract<WebRun, { kind: 'started' }>
let chromium: Chromium

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cht-e2e-tab-'))
  const r = await runWeb({
    userDataDir: dir,
    rendererDir: inject('rendererDir'),
    print: () => undefined,
    core: { secrets: new MemorySecretStore(), embedded: { seed: 7, activity: false }, log: () => undefined }
  })
  if (r.kind !== 'started') throw new Error('attached to a terminal this test did not start')
  run = r
  chromium = await launchChromium()
})
afterAll(async () => {
  await chromium?.close()
  await run?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('a second tab', () => {
  it('opened with the spent link says how to get a fresh one, and the fresh one connects it', async () => {
    const first = await chromium.context.newPage()
    await first.goto(run.url)
    await connected(first)

    const second = await chromium.context.newPage()
    await second.goto(run.url) // the printed link, opened again
    const status = second.locator(`${testId('connection-status')}[data-state="unauthorized"]`)
    await status.waitFor()
    const advice = 'run `npm run web` again (or press Enter in the terminal where it runs) and open the link it prints'
    expect(await status.getAttribute('title')).toContain(advice)
    await expect
      .poll(() =>
        second.locator(testId('toast-error')).filter({ hasText: 'Not connected to the terminal' }).textContent()
      )
      .toContain(advice)

    // What the advice says: `npm run web` again finds the running terminal and prints a fresh link.
    const fresh = await attachToRunningHost(dir)
    expect(fresh.kind).toBe('attached')
    await second.goto('about:blank')
    await second.goto((fresh as { url: string }).url)
    await connected(second)
    await connected(first) // the first tab is untouched
  })
})

// Starts the whole terminal for an e2e test: the core (embedded exchange, services, contract) with an
// in-memory secret store, the browser host serving the built renderer, and a Chromium page on it.
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import type { Page } from 'playwright-core'
import type { TerminalContract } from '@shared/ipc/contract'
import { createContractClient, type ContractClient } from '@shared/ipc/contract-client'
import type { PreferencesView } from '@shared/ipc/views/preferences'
import type { LanguageChoice } from '@shared/i18n/locales'
import { startTerminalCore, type TerminalCore } from '../../src-main/core/terminal-core'
import { startBrowserHost } from '../../src-main/browser-host/browser-host'
import { runWeb, type WebRun } from '../../src-main/browser-host/web-launcher'
import { MemorySecretStore } from '../../src-main/vault/secret-store'
import { launchChromium, type Chromium } from './browser'

export interface TerminalSession {
  core: TerminalCore
  /** Mints a fresh one-time URL for another window (route like `#/market/spot/btcusdt`). */
  launchUrl(route?: string): string
  chromium: Chromium
  page: Page
  /** Saves a screenshot of `selector` (or the page) to test-results/e2e/<name>.png. */
  shot(name: string, selector?: string): Promise<void>
  close(): Promise<void>
}

export async function startTerminalSession(opts: {
  rendererDir: string
  consoleErrors?: string[]
}): Promise<TerminalSession> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'chtrader-e2e-'))
  const core = await startTerminalCore({
    userDataDir,
    secrets: new MemorySecretStore(),
    embedded: { seed: 7, activity: true },
    log: () => undefined
  })
  const host = await startBrowserHost({ core, rendererDir: opts.rendererDir })
  const chromium = await launchChromium()
  const page = await chromium.context.newPage()
  page.on('pageerror', (e) => opts.consoleErrors?.push(String(e)))
  page.on('console', (m) => {
    if (m.type() === 'error') opts.consoleErrors?.push(m.text())
  })
  await page.goto(host.launchUrl())
  const outDir = resolve(import.meta.dirname, '../../test-results/e2e')
  mkdirSync(outDir, { recursive: true })
  return {
    core,
    launchUrl: (route) => host.launchUrl(route),
    chromium,
    page,
    async shot(name, selector) {
      const path = join(outDir, `${name}.png`)
      if (selector) await page.locator(selector).first().screenshot({ path })
      else await page.screenshot({ path, fullPage: true })
    },
    async close() {
      await chromium.close()
      await host.close()
      await core.close()
      rmSync(userDataDir, { recursive: true, force: true })
    }
  }
}

/** Runs `use` with a contract client connected to `core` as a window is (its active profile), disconnected after. */
export async function withContract<T>(
  core: TerminalCore,
  use: (client: ContractClient<TerminalContract>) => Promise<T>
): Promise<T> {
  let toClient: Parameters<Parameters<typeof createContractClient>[0]['onMessage']>[0] = () => undefined
  const conn = core.server.connect((m) => toClient(m), { connectionId: 'e2e-check' })
  const client = createContractClient<TerminalContract>({
    send: (m) => conn.receive(m),
    onMessage: (h) => (toClient = h)
  })
  try {
    return await use(client)
  } finally {
    conn.close()
  }
}

/** What main keeps of the preferences now (of its active profile), asked the way a window asks. */
export const mainPreferences = (core: TerminalCore): Promise<PreferencesView> =>
  withContract(core, (client) => client.invoke('preferences.get', {}))

/** The selector of a `data-testid`. */
export const testId = (t: string): string => `[data-testid="${t}"]`

/**
 * Resolves after the page has painted twice since the call: whatever a change before it asked to draw (a theme, a
 * resize, a hover; the charts draw in an animation frame) is on screen. What a picture waits for, instead of a sleep.
 */
export const painted = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))

/** Waits until the status bar reports the core connected. */
export const connected = (page: Page): Promise<void> =>
  page.locator(`${testId('connection-status')}[data-state="connected"]`).waitFor({ timeout: 20_000 })

/** Picks a language in Settings › Appearance and closes the dialog. */
export async function chooseLanguage(page: Page, language: LanguageChoice): Promise<void> {
  await page.locator(testId('open-settings')).click()
  await page.locator(testId('settings-tab-appearance')).click()
  await page.locator(testId('pref-language')).selectOption(language)
  await page.locator(testId('settings-close')).click()
  await page.locator(testId('settings')).waitFor({ state: 'detached' })
}

/**
 * One session for the enclosing describe: started before its tests (then `ready` waits for what they need) and
 * closed after them. `session()` is the running session; `errors` collects the page's console errors.
 */
export function useTerminalSession(ready?: (s: TerminalSession) => Promise<void>): {
  session(): TerminalSession
  errors: string[]
} {
  let s: TerminalSession | undefined
  const errors: string[] = []
  beforeAll(async () => {
    s = await startTerminalSession({ rendererDir: inject('rendererDir'), consoleErrors: errors })
    await ready?.(s)
  })
  afterAll(async () => {
    await s?.close()
  })
  return {
    session() {
      if (!s) throw new Error('the terminal session has not started')
      return s
    },
    errors
  }
}

/** A contract call a page made. */
export interface SentCall {
  channel: string
  input: Record<string, unknown>
}

/**
 * Records every contract call `page` makes (the browser host's WebSocket carries the contract as JSON text) into
 * `into`. Attach before the page opens its socket (before `goto`): what the screen sent is asserted on from it.
 */
export function recordCalls(page: Page, into: SentCall[]): void {
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (typeof f.payload !== 'string') return
      const m = JSON.parse(f.payload) as { t?: string; channel?: string; payload?: Record<string, unknown> }
      if (m.t === 'call' && m.channel && m.payload) into.push({ channel: m.channel, input: m.payload })
    })
  )
}

/**
 * Another page of the session's Chromium at 1280x720 on a fresh launch URL, connected: its contract calls recorded
 * into `calls` from its first frame, its page and console errors into `errors`.
 */
export async function openRecordedPage(s: TerminalSession, calls: SentCall[], errors: string[]): Promise<Page> {
  const page = await s.chromium.context.newPage()
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
  recordCalls(page, calls)
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto(s.launchUrl())
  await connected(page)
  return page
}

/** A terminal `npm run web` started (runWeb, a real core). */
export type WebTerminal = Extract<WebRun, { kind: 'started' }>

/**
 * The terminal `npm run web` starts, for the enclosing file: one data folder and one keychain (the OS keychain
 * outlives a run) for every `start()`, so a terminal stopped and started again is a restart, on another port (a new
 * origin). `open` is a page of one shared Chromium at 1280x720 on a launch URL, connected; `errors` collects the
 * pages' errors. The folder and Chromium go after the file's tests.
 */
export function useWebTerminal(): {
  start(): Promise<WebTerminal>
  open(url: string): Promise<Page>
  /**
   * The restart a user makes: closes `page`, stops `w`, starts the terminal again on the same folder (another port)
   * and runs `check` on a page of it (connected); the new terminal is stopped after, whatever `check` threw.
   */
  restart(w: WebTerminal, page: Page, check: (again: Page, next: WebTerminal) => Promise<void>): Promise<void>
  chromium(): Chromium
  errors: string[]
} {
  let dir: string | undefined
  let chromium: Chromium | undefined
  const keychain = new MemorySecretStore()
  const errors: string[] = []
  /** Terminals started and not stopped by their test (it failed first): stopped before their folder goes. */
  const running = new Set<WebTerminal>()
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cht-e2e-web-'))
    chromium = await launchChromium()
  })
  afterAll(async () => {
    await chromium?.close()
    await Promise.allSettled([...running].map((r) => r.stop()))
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  const browser = (): Chromium => {
    if (!chromium) throw new Error('Chromium has not started')
    return chromium
  }
  const web: ReturnType<typeof useWebTerminal> = {
    async start() {
      if (!dir) throw new Error('start() runs inside the tests')
      const r = await runWeb({
        userDataDir: dir,
        rendererDir: inject('rendererDir'),
        print: () => undefined,
        core: { secrets: keychain, embedded: { seed: 7, activity: true }, log: () => undefined }
      })
      if (r.kind !== 'started') throw new Error('attached to a terminal this test did not start')
      const run: WebTerminal = {
        ...r,
        stop: () => {
          running.delete(run)
          return r.stop()
        }
      }
      running.add(run)
      return run
    },
    async open(url) {
      const page = await browser().context.newPage()
      await page.setViewportSize({ width: 1280, height: 720 })
      page.on('pageerror', (e) => errors.push(String(e)))
      await page.goto(url)
      await connected(page)
      return page
    },
    async restart(w, page, check) {
      await page.close()
      await w.stop()
      const next = await web.start()
      try {
        await check(await web.open(next.url), next)
      } finally {
        await next.stop()
      }
    },
    chromium: browser,
    errors
  }
  return web
}

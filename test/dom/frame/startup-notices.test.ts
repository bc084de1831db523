// Startup notices (app.info's notices): a warning toast that stays until dismissed, a copy of the path it names,
// told once (main keeps the ids told, a preference: also to a main window opened again, on any port); a main process
// out of reach tells nothing and throws nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { ContractError } from '@shared/ipc/contract-kit'
import type { StartupNoticeView } from '@shared/ipc/views/profiles'
import ToastHost from '../../../src-renderer/src/components/ToastHost.vue'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { tellStartupNotices } from '../../../src-renderer/src/stores/startup-notices'
import { fakeTerminal, type FakeTerminal } from './fake-terminal'

const KEPT = '/home/u/.config/CH Trader/embedded-exchange.format-2-2026-11-22T09-00-00-000Z'
const NOTICE: StartupNoticeView = {
  id: `embedded-set-aside:${KEPT}`,
  title: 'A fresh paper exchange was started',
  text: `The paper exchange's data was written by another version (format version 2; this version reads 1) and was kept at ${KEPT}; a fresh paper exchange was started.`,
  path: KEPT
}

let fake: FakeTerminal
/** A window (re)loaded: a new Pinia, main's preferences read first (as main.ts does). */
async function newWindow(): Promise<void> {
  setActivePinia(createPinia())
  await usePreferencesStore().load()
}
const withNotices = (notices: StartupNoticeView[]) =>
  (fake.handlers['app.info'] = () => ({
    name: 'CH Trader',
    version: '0.1.0',
    embeddedExchangeUrl: 'http://127.0.0.1:1',
    startedAt: 0,
    notices
  }))

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  setActivePinia(createPinia())
  fake = fakeTerminal()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('startup notices', () => {
  it('shows each notice as a warning that stays until dismissed, with a copy of its path', async () => {
    vi.useFakeTimers()
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    withNotices([NOTICE])
    const w = mount(ToastHost)
    await tellStartupNotices()
    await flushPromises()
    vi.advanceTimersByTime(60_000) // longer than any toast's lifetime
    await flushPromises()
    const toast = w.get('[data-testid="toast-warn"]')
    expect(toast.text()).toContain(NOTICE.title)
    expect(toast.text()).toContain(NOTICE.text)
    await toast.get('button.btn').trigger('click')
    expect(writeText).toHaveBeenCalledWith(KEPT)
    w.unmount()
  })

  it('tells a notice once (not again after a reload), and a new one (another event) when it comes', async () => {
    withNotices([NOTICE])
    await tellStartupNotices()
    expect(useFeedbackStore().toasts.map((t) => t.text)).toEqual([NOTICE.text])

    await flushPromises()
    await newWindow() // the window reloaded: new stores, the same main
    await tellStartupNotices()
    expect(useFeedbackStore().toasts).toEqual([])

    const later = { id: 'later-event', title: 'Something else at start', text: 'Told once too.', path: null }
    withNotices([NOTICE, later])
    await tellStartupNotices()
    expect(useFeedbackStore().toasts.map((t) => [t.kind, t.text, t.action])).toEqual([['warn', 'Told once too.', null]])
  })

  it('does not tell a notice again to a main window opened again in the same run (a new window session)', async () => {
    withNotices([NOTICE])
    await tellStartupNotices()
    expect(useFeedbackStore().toasts).toHaveLength(1)
    await flushPromises()
    sessionStorage.clear() // the main window was closed and a new one opened: a new window session
    await newWindow()
    await tellStartupNotices()
    expect(useFeedbackStore().toasts).toEqual([])
    // what is kept is this run's notices' ids only: a run without notices keeps none
    withNotices([])
    await tellStartupNotices()
    await flushPromises()
    expect(fake.prefs.view().app.toldNotices).toEqual([])
  })

  it('tells nothing and throws nothing when main cannot be asked, and tells it at the next load', async () => {
    fake.handlers['app.info'] = () => {
      throw new ContractError({ code: 'disconnected', message: 'The connection to the terminal was lost' })
    }
    await expect(tellStartupNotices()).resolves.toBeUndefined()
    expect(useFeedbackStore().toasts).toEqual([])
    withNotices([NOTICE])
    await tellStartupNotices()
    expect(useFeedbackStore().toasts.map((t) => t.title)).toEqual([NOTICE.title])
  })

  it('tells a notice whose told mark main has not got (its preferences could not be read)', async () => {
    withNotices([NOTICE])
    await newWindow() // main's preferences hold no told ids
    await tellStartupNotices()
    expect(useFeedbackStore().toasts).toHaveLength(1)
    await flushPromises()
    expect(fake.prefs.view().app.toldNotices).toEqual([NOTICE.id])
  })
})

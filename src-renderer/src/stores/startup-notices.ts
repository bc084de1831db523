// What main must tell the user about how this session started (app.info's notices: the paper exchange's data kept
// aside for a fresh one): a toast in the main window that stays until dismissed, with a copy of the path it
// names. Told once: the ids of the notices main reports are kept in localStorage (shared by the app's windows, unlike
// sessionStorage), so neither a reload nor a main window opened again (macOS keeps the app running without one)
// tells them again. What is kept is exactly the ids main reports now (each names its event's time, so an event
// keeps its id): ids main no longer reports drop off, and the list stays this short.
import type { StartupNoticeView } from '@shared/ipc/views/profiles'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'

const TOLD_KEY = 'chtrader.startupNoticesTold'

/** Ids of the notices already told. */
function told(): Set<string> {
  try {
    const ids: unknown = JSON.parse(globalThis.localStorage?.getItem(TOLD_KEY) ?? '[]')
    return new Set(Array.isArray(ids) ? ids.filter((i): i is string => typeof i === 'string') : [])
  } catch {
    return new Set() // unreadable: telling again beats never telling
  }
}

export async function tellStartupNotices(): Promise<void> {
  const notices: StartupNoticeView[] | null = await terminal()
    .invoke('app.info', {})
    .then((i) => i.notices)
    .catch(() => null) // not connected: the status bar says why, and the next load of the window tells them
  if (!notices) return
  const feedback = useFeedbackStore()
  const done = told()
  for (const n of notices) {
    if (done.has(n.id)) continue
    const path = n.path
    const copy = path ? { label: 'Copy path', run: () => void navigator.clipboard?.writeText(path).catch((e: unknown) => feedback.error(e, 'Could not copy the path')) } : null
    feedback.warn(n.title, n.text, copy, true)
  }
  globalThis.localStorage?.setItem(TOLD_KEY, JSON.stringify(notices.map((n) => n.id)))
}

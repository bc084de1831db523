// What main must tell the user about how this session started (app.info's notices: the paper exchange's data kept
// aside for a fresh one): a toast in the main window that stays until dismissed, with a copy of the path it
// names. Told once: the ids told are kept for the window's session, so a reload does not tell them again.
import type { StartupNoticeView } from '@shared/ipc/views/profiles'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'

const TOLD_KEY = 'chtrader.startupNoticesTold'

/** Ids of the notices told in this window's session. */
function told(): Set<string> {
  try {
    const ids: unknown = JSON.parse(globalThis.sessionStorage?.getItem(TOLD_KEY) ?? '[]')
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
    done.add(n.id)
  }
  globalThis.sessionStorage?.setItem(TOLD_KEY, JSON.stringify([...done]))
}

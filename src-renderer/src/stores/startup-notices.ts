// What main must tell the user about how this session started (app.info's notices: the paper exchange's data kept
// aside for a fresh one): a toast in the main window that stays until dismissed, with a copy of the path it
// names. Told once: the ids of the notices main reports are kept in main's preferences (toldNotices, shared by every
// window and run), so neither a reload nor a main window opened again (macOS keeps the app running without one)
// tells them again. What is kept is exactly the ids main reports now (each names its event's time, so an event
// keeps its id): ids main no longer reports drop off, and the list stays this short.
import type { StartupNoticeView } from '@shared/ipc/views/profiles'
import { t } from '../i18n'
import { wordsText } from '../i18n/words'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'
import { usePreferencesStore } from './preferences'

export async function tellStartupNotices(): Promise<void> {
  const notices: StartupNoticeView[] | null = await terminal()
    .invoke('app.info', {})
    .then((i) => i.notices)
    .catch(() => null) // not connected: the status bar says why, and the next load of the window tells them
  if (!notices) return
  const feedback = useFeedbackStore()
  const prefs = usePreferencesStore()
  const done = new Set(prefs.app.toldNotices)
  for (const n of notices) {
    if (done.has(n.id)) continue
    const path = n.path
    const copy = path
      ? {
          label: t('app.notices.copyPath'),
          run: () =>
            void navigator.clipboard
              ?.writeText(path)
              .catch((e: unknown) => feedback.error(e, t('app.notices.copyFailed')))
        }
      : null
    feedback.warn(wordsText(n.words?.title, n.title), wordsText(n.words?.text, n.text), copy, true)
  }
  const ids = notices.map((n) => n.id)
  if (ids.join('\n') !== prefs.app.toldNotices.join('\n')) prefs.setApp({ toldNotices: ids })
}

// A price alert's fire told by the desktop shell itself, as an OS notification: main evaluates the alerts, so this
// shows with every window closed (a page in the desktop app leaves it to this, not to repeat it).
import { Notification } from 'electron'
import type { Locale } from '@shared/i18n/locales'
import { translateIn } from '@shared/i18n/translate'
import { alertRuleWords } from '@shared/ipc/schemas/alerts'
import type { TerminalCore } from '../core/terminal-core'

/** Starts telling every fire; returns its stop. */
export function notifyAlertFires(
  core: Pick<TerminalCore, 'onAlertFire'>,
  locale: () => Locale,
  log: (line: string) => void
): () => void {
  return core.onAlertFire((_profileId, f) => {
    if (!Notification.isSupported()) return
    try {
      const lang = locale()
      const rule = alertRuleWords(f.source, f.rule)
      const title = translateIn(lang, 'alerts.fired.title', { market: f.symbol })
      const body = translateIn(lang, 'alerts.fired.text', {
        rule: translateIn(lang, rule.key, rule.params),
        price: f.price
      })
      new Notification({ title, body }).show()
    } catch (e) {
      log(`alerts: desktop notification not shown: ${(e as Error).message}`)
    }
  })
}

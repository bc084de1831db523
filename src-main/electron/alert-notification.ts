// A price alert's fire told by the desktop shell itself, as an OS notification: main evaluates the alerts, so this
// shows with every window closed (a page in the desktop app leaves it to this, not to repeat it). It reads as the
// windows' toast does (alert-fire-words.ts): the market by its name and the price at the market's tick, in the UI's
// language, once the venue's market list (cached by main, alert-markets.ts) has answered.
import { Notification } from 'electron'
import type { Locale } from '@shared/i18n/locales'
import type { TerminalCore } from '../core/terminal-core'
import { alertFireWords } from './alert-fire-words'
import type { AlertMarkets } from './alert-markets'

/** Starts telling every fire; returns its stop. */
export function notifyAlertFires(
  core: Pick<TerminalCore, 'onAlertFire'>,
  markets: Pick<AlertMarkets, 'marketOf'>,
  locale: () => Locale,
  log: (line: string) => void
): () => void {
  let stopped = false
  const off = core.onAlertFire((profileId, f) => {
    if (!Notification.isSupported()) return
    const market = markets.marketOf(profileId, f.module, f.symbol).catch((e: unknown) => {
      log(`alerts: market ${f.symbol} not named in the notification: ${(e as Error).message}`)
      return undefined // told by its symbol and the price as it came, rather than not at all
    })
    void market.then((m) => {
      if (stopped) return
      try {
        new Notification(alertFireWords(locale(), f, m)).show()
      } catch (e) {
        log(`alerts: desktop notification not shown: ${(e as Error).message}`)
      }
    })
  })
  return () => {
    stopped = true
    off()
  }
}

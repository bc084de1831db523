// Electron's side of updates: electron-updater (its feed is the generic provider URL electron-builder wrote into
// app-update.yml at build time, from CHT_UPDATE_URL; signature checks left at its defaults) driven by
// src-main/core/update-policy.ts, and the dialog that asks before restarting.
import { app, BrowserWindow, dialog, type MessageBoxOptions } from 'electron'
import type { Locale } from '@shared/i18n/locales'
import { translateIn } from '@shared/i18n/translate'
import type { WordParams } from '@shared/i18n/words'
import { createUpdatePolicy, type UpdatePolicy, type UpdaterLike } from '../core/update-policy'

export interface UpdatesOptions {
  actionsInFlight(): number
  log(line: string): void
  /** The language of the restart question, when it is asked. Default English. */
  locale?: () => Locale
}

const APP_NAME = 'CH Trader'

/** Starts update checks in a packaged build; null in development (no app-update.yml, nothing to update). */
export async function startUpdates(o: UpdatesOptions): Promise<UpdatePolicy | null> {
  if (!app.isPackaged) return null
  // CommonJS package: its named exports are reached through the default export under Node's ESM loader.
  const { autoUpdater } = (await import('electron-updater')).default
  const line = (m: unknown): void => o.log(`updates: ${String(m)}`)
  autoUpdater.logger = { info: line, warn: line, error: line }
  const policy = createUpdatePolicy({
    updater: autoUpdater as UpdaterLike,
    actionsInFlight: o.actionsInFlight,
    askToRestart: (version) => askToRestart(version, o.locale?.() ?? 'en'),
    log: o.log
  })
  policy.start()
  return policy
}

export async function askToRestart(version: string, locale: Locale = 'en'): Promise<boolean> {
  const say = (key: string, params?: WordParams): string => translateIn(locale, `main.dialog.${key}`, params)
  const options: MessageBoxOptions = {
    type: 'info',
    title: say('updateTitle'),
    message: say('updateReady', { name: APP_NAME, version }),
    detail: say('updateDetail'),
    buttons: [say('restartNow'), say('later')],
    defaultId: 0,
    cancelId: 1,
    noLink: true
  }
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
  const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options)
  return response === 0
}

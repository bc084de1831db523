// Electron's side of updates: electron-updater (its feed is the generic provider URL electron-builder wrote into
// app-update.yml at build time, from CHT_UPDATE_URL; signature checks left at its defaults) driven by
// src-main/core/update-policy.ts, and the dialog that asks before restarting.
import { app, BrowserWindow, dialog, type MessageBoxOptions } from 'electron'
import { createUpdatePolicy, type UpdatePolicy, type UpdaterLike } from '../core/update-policy'

export interface UpdatesOptions {
  actionsInFlight(): number
  log(line: string): void
}

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
    askToRestart,
    log: o.log
  })
  policy.start()
  return policy
}

export async function askToRestart(version: string): Promise<boolean> {
  const options: MessageBoxOptions = {
    type: 'info',
    title: 'Update ready',
    message: `CH Trader ${version} is ready to install.`,
    detail: 'Restart now to install it; your windows come back as they were. Choose Later to install it when you quit.',
    buttons: ['Restart now', 'Later'],
    defaultId: 0,
    cancelId: 1,
    noLink: true
  }
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
  const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options)
  return response === 0
}

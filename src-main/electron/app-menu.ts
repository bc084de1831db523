// The desktop app's menu: the few commands a desktop window is expected to have (editing in the order form's inputs,
// reload and zoom, the window, about), each an Electron role with its label in the user's language. Built by a pure
// function of the language (menuTemplate), so it is tested without Electron; rebuilt when the language changes.
import { Menu, type MenuItemConstructorOptions } from 'electron'
import type { Locale } from '@shared/i18n/locales'
import { translateIn } from '@shared/i18n/translate'
import type { WordParams } from '@shared/i18n/words'

export interface MenuOptions {
  /** The OS (process.platform): macOS has an app menu and a window menu of its own. */
  platform: NodeJS.Platform
  appName: string
}

/** The menu's template in `locale`. */
export function menuTemplate(locale: Locale, o: MenuOptions): MenuItemConstructorOptions[] {
  const say = (key: string, params?: WordParams): string => translateIn(locale, `main.menu.${key}`, params)
  const name = { name: o.appName }
  const mac = o.platform === 'darwin'
  const sep: MenuItemConstructorOptions = { type: 'separator' }
  const appMenu: MenuItemConstructorOptions = {
    label: o.appName,
    submenu: [
      { role: 'about', label: say('app.about', name) },
      sep,
      { role: 'hide', label: say('app.hide', name) },
      { role: 'hideOthers', label: say('app.hideOthers') },
      { role: 'unhide', label: say('app.showAll') },
      sep,
      { role: 'quit', label: say('app.quit', name) }
    ]
  }
  const edit: MenuItemConstructorOptions = {
    label: say('edit.title'),
    submenu: [
      { role: 'undo', label: say('edit.undo') },
      { role: 'redo', label: say('edit.redo') },
      sep,
      { role: 'cut', label: say('edit.cut') },
      { role: 'copy', label: say('edit.copy') },
      { role: 'paste', label: say('edit.paste') },
      { role: 'selectAll', label: say('edit.selectAll') }
    ]
  }
  const view: MenuItemConstructorOptions = {
    label: say('view.title'),
    submenu: [
      { role: 'reload', label: say('view.reload') },
      sep,
      { role: 'resetZoom', label: say('view.resetZoom') },
      { role: 'zoomIn', label: say('view.zoomIn') },
      { role: 'zoomOut', label: say('view.zoomOut') },
      sep,
      { role: 'togglefullscreen', label: say('view.fullScreen') }
    ]
  }
  const window: MenuItemConstructorOptions = {
    label: say('window.title'),
    role: 'windowMenu',
    submenu: [
      { role: 'minimize', label: say('window.minimize') },
      ...(mac ? [{ role: 'zoom', label: say('window.zoom') } as const] : []),
      { role: 'close', label: say('window.close') },
      ...(mac ? [sep, { role: 'front', label: say('window.front') } as const] : [])
    ]
  }
  const help: MenuItemConstructorOptions = {
    label: say('help.title'),
    role: 'help',
    submenu: [{ role: 'about', label: say('help.about', name) }]
  }
  return [...(mac ? [appMenu] : []), edit, view, window, help]
}

/** Sets the app's menu in `locale` (again, when the language changes). */
export function applyMenu(locale: Locale, o: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(locale, o)))
}

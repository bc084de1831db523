// Keyboard shortcuts. SHORTCUTS is the list Settings shows (other panels may append theirs for the list);
// installShortcuts binds the frame's own, and all of them obey the user's on/off preference. A key typed into a
// field stays in the field: only combinations with Ctrl/Cmd or Alt act while typing. What a shortcut does and where
// it acts are read in the window's language each time the list is shown (getters), so the list follows a switch.
import { MODULES } from '@shared/module'
import { t } from '../i18n'

export type ShortcutScope = 'frame' | 'market' | 'trading'

export interface Shortcut {
  readonly keys: string
  readonly action: string
  /** Where it acts, in words. */
  readonly scope: string
}

type Action = 'search' | 'navigate' | 'popOut' | 'monitor' | 'theme' | 'settings' | 'escape'

/** A shortcut whose words are the catalog's: `action` a key of `app.shortcuts.actions`, or the words themselves. */
export function shortcut(
  keys: string | (() => string),
  action: Action | (() => string),
  scope: ShortcutScope
): Shortcut {
  return {
    get keys() {
      return typeof keys === 'string' ? keys : keys()
    },
    get action() {
      return typeof action === 'string' ? t(`app.shortcuts.actions.${action}`) : action()
    },
    get scope() {
      return t(`app.shortcuts.scopes.${scope}`)
    }
  }
}

export const SHORTCUTS: Shortcut[] = [
  shortcut(() => t('app.shortcuts.searchKeys'), 'search', 'frame'),
  shortcut('↑ ↓  Enter', 'navigate', 'frame'),
  shortcut('Alt+1 / 2 / 3', () => MODULES.map((m) => t(`common.modules.${m}`)).join(' / '), 'frame'),
  shortcut('Alt+P', 'popOut', 'frame'),
  shortcut('Alt+M', 'monitor', 'frame'),
  shortcut('Alt+T', 'theme', 'frame'),
  shortcut('Ctrl+,', 'settings', 'frame'),
  shortcut('Esc', 'escape', 'frame')
]

export interface FrameActions {
  enabled(): boolean
  focusSearch(): void
  module(index: 0 | 1 | 2): void
  popOut(): void
  monitor(): void
  toggleTheme(): void
  settings(): void
}

const typing = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))

/** The action of a key event, or null; pure so it is tested without a window. */
export function shortcutOf(
  e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  inField: boolean
): keyof Omit<FrameActions, 'enabled' | 'module'> | `module${0 | 1 | 2}` | null {
  const mod = e.ctrlKey || e.metaKey
  if (mod && !e.altKey && e.key.toLowerCase() === 'k') return 'focusSearch'
  if (mod && !e.altKey && e.key === ',') return 'settings'
  if (e.altKey && !mod) {
    // e.code: Alt+digit types another character on some layouts (macOS).
    const digit = /^Digit([123])$/.exec(e.code)?.[1]
    if (digit) return `module${(Number(digit) - 1) as 0 | 1 | 2}`
    if (e.code === 'KeyP') return 'popOut'
    if (e.code === 'KeyM') return 'monitor'
    if (e.code === 'KeyT') return 'toggleTheme'
  }
  if (!inField && !mod && !e.altKey && e.key === '/') return 'focusSearch'
  return null
}

export function installShortcuts(a: FrameActions): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (!a.enabled() || e.defaultPrevented) return
    const s = shortcutOf(e, typing(e.target))
    if (!s) return
    e.preventDefault()
    if (s.startsWith('module')) a.module(Number(s.slice(6)) as 0 | 1 | 2)
    else a[s as keyof Omit<FrameActions, 'enabled' | 'module'>]()
  }
  window.addEventListener('keydown', onKey)
  return () => window.removeEventListener('keydown', onKey)
}

// Keyboard shortcuts. The keyboard map (hotkeys/keymap.ts) holds the rebindable actions, the frame's and the
// trading ones, with the user's combinations kept by main (app.hotkeys); SHORTCUTS lists the fixed keys Settings
// shows beside them (other panels may append theirs). installShortcuts binds both, and all obey the user's on/off
// preference. A key typed into a field stays in the field: only combinations with Ctrl/Cmd or Alt act while typing.
// What a shortcut does and where it acts are read in the window's language each time the list is shown (getters), so
// the list follows a switch.
import { DEFAULT_HOTKEYS, HOTKEY_ACTIONS, type HotkeyAction } from '@shared/ipc/schemas/preferences-hotkeys'
import { TRADING_HOTKEYS, type TradingHotkey } from '@shared/ipc/schemas/preferences-hotkeys'
import { t } from '../i18n'
import { actsInField, bindingsOf, matches } from '../hotkeys/keymap'
import { useTradingHotkeysStore } from '../hotkeys/trading-hotkeys'
import { usePreferencesStore } from '../stores/preferences'

export type ShortcutScope = 'frame' | 'market' | 'trading'

export interface Shortcut {
  readonly keys: string
  readonly action: string
  /** Where it acts, in words. */
  readonly scope: string
}

type Action = 'search' | 'navigate' | 'escape'

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

/** The keys that are not rebindable: the search field's own and the dialogs'. */
export const SHORTCUTS: Shortcut[] = [
  shortcut('/', 'search', 'frame'),
  shortcut('↑ ↓  Enter', 'navigate', 'frame'),
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

type FrameName = keyof Omit<FrameActions, 'enabled' | 'module'> | `module${0 | 1 | 2}`
const FRAME_NAME: Partial<Record<HotkeyAction, FrameName>> = {
  search: 'focusSearch',
  module1: 'module0',
  module2: 'module1',
  module3: 'module2',
  popOut: 'popOut',
  monitor: 'monitor',
  theme: 'toggleTheme',
  settings: 'settings'
}
const DEFAULT_BINDINGS = { ...DEFAULT_HOTKEYS }

const typing = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))

type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>

/** The keyboard map's action of a key event, or null; pure so it is tested without a window. */
export function hotkeyOf(
  e: KeyPress,
  inField: boolean,
  bindings: Record<HotkeyAction, string> = DEFAULT_BINDINGS
): HotkeyAction | null {
  const found = HOTKEY_ACTIONS.find((a) => matches(e, bindings[a]) && (!inField || actsInField(bindings[a])))
  if (found) return found
  const plain = !e.ctrlKey && !e.metaKey && !e.altKey
  return !inField && plain && e.key === '/' ? 'search' : null
}

/** The frame's action of a key event, or null (a trading action is not the frame's). */
export function shortcutOf(
  e: KeyPress,
  inField: boolean,
  bindings: Record<HotkeyAction, string> = DEFAULT_BINDINGS
): FrameName | null {
  const a = hotkeyOf(e, inField, bindings)
  return a ? (FRAME_NAME[a] ?? null) : null
}

const isTrading = (a: HotkeyAction): a is TradingHotkey => (TRADING_HOTKEYS as readonly string[]).includes(a)

export function installShortcuts(a: FrameActions): () => void {
  const prefs = usePreferencesStore()
  const trading = useTradingHotkeysStore()
  const onKey = (e: KeyboardEvent): void => {
    if (!a.enabled() || e.defaultPrevented || e.repeat) return
    const h = hotkeyOf(e, typing(e.target), bindingsOf(prefs.app.hotkeys))
    if (!h) return
    e.preventDefault()
    if (isTrading(h)) return void trading.run(h)
    const s = FRAME_NAME[h]!
    if (s.startsWith('module')) a.module(Number(s.slice(6)) as 0 | 1 | 2)
    else a[s as keyof Omit<FrameActions, 'enabled' | 'module'>]()
  }
  window.addEventListener('keydown', onKey)
  return () => window.removeEventListener('keydown', onKey)
}

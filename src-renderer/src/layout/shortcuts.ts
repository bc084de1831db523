// Keyboard shortcuts. SHORTCUTS is the list Settings shows (other panels may append theirs for the list);
// installShortcuts binds the frame's own, and all of them obey the user's on/off preference. A key typed into a
// field stays in the field: only combinations with Ctrl/Cmd or Alt act while typing.

export interface Shortcut {
  keys: string
  action: string
  scope: 'Frame' | 'Market' | 'Trading'
}

export const SHORTCUTS: Shortcut[] = [
  { keys: '/  or  Ctrl+K', action: 'Search markets', scope: 'Frame' },
  {
    keys: '↑ ↓  Enter',
    action: 'Move through the market list and open a market (in the search field)',
    scope: 'Frame'
  },
  { keys: 'Alt+1 / 2 / 3', action: 'Spot / Margin / Futures', scope: 'Frame' },
  { keys: 'Alt+P', action: 'Pop the current market out into its own window', scope: 'Frame' },
  { keys: 'Alt+M', action: 'Open the monitor window', scope: 'Frame' },
  { keys: 'Alt+T', action: 'Switch between dark and light theme', scope: 'Frame' },
  { keys: 'Ctrl+,', action: 'Settings', scope: 'Frame' },
  { keys: 'Esc', action: 'Close a dialog or menu; clear the search', scope: 'Frame' }
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

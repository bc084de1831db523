// The keyboard map: each action's combination (the user's, else the default), read, matched and compared through
// tinykeys' parser, so "Shift+KeyB", "shift+b" and a recorded press are the same combination. Pure: tested without a
// window.
import { matchKeyBindingPress, parseKeybinding } from 'tinykeys'
import {
  DEFAULT_HOTKEYS,
  HOTKEY_ACTIONS,
  type HotkeyAction,
  type HotkeysPreference
} from '@shared/ipc/schemas/preferences-hotkeys'

type Press = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>
const MODIFIERS = ['Control', 'Alt', 'Shift', 'Meta'] as const
const FLAG = { Control: 'ctrlKey', Alt: 'altKey', Shift: 'shiftKey', Meta: 'metaKey' } as const

/** Every action's combination now: the user's where set ('' = none), else the default. */
export function bindingsOf(p: HotkeysPreference): Record<HotkeyAction, string> {
  return Object.fromEntries(HOTKEY_ACTIONS.map((a) => [a, p.keys[a] ?? DEFAULT_HOTKEYS[a]])) as Record<
    HotkeyAction,
    string
  >
}

/** One press in one spelling (modifiers in fixed order, `$mod` resolved, a letter or digit by place), or null. */
export function canonical(combo: string): string | null {
  if (!combo.trim() || /\s/.test(combo.trim())) return null // empty, or a sequence of presses (not offered)
  const [press] = parseKeybinding(combo)
  if (!press) return null
  const [mods, key] = press
  if (typeof key !== 'string' || !key) return null
  const known = MODIFIERS.filter((m) => mods.some((x) => x.toLowerCase() === m.toLowerCase()))
  if (known.length !== mods.length) return null
  // A letter or digit by name is the same press as by place (`k` and `KeyK`): tinykeys matches either.
  const named = /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : /^\d$/.test(key) ? `Digit${key}` : key
  return [...known, named].join('+')
}

/** The presses a combination takes: `$mod` is both Control and Meta (as `matches` reads it). */
const pressesOf = (combo: string): string[] =>
  (combo.includes('$mod') ? ['Control', 'Meta'].map((m) => combo.replaceAll('$mod', m)) : [combo]).flatMap(
    (c) => canonical(c) ?? []
  )

/** The action other than `action` that `combo` is already bound to (any press in common), or null. */
export function conflictOf(
  bindings: Record<HotkeyAction, string>,
  action: HotkeyAction,
  combo: string
): HotkeyAction | null {
  const mine = pressesOf(combo)
  if (!mine.length) return null
  return HOTKEY_ACTIONS.find((a) => a !== action && pressesOf(bindings[a]).some((p) => mine.includes(p))) ?? null
}

/** The combination a press records: letters and digits by their place on the keyboard (layout-independent). */
export function comboOf(e: Press): string | null {
  if (['Control', 'Alt', 'Shift', 'Meta', 'AltGraph', 'CapsLock', 'Dead', 'Unidentified'].includes(e.key)) return null
  const key = /^(?:Key[A-Z]|Digit\d|Numpad\w+|F\d{1,2})$/.test(e.code) ? e.code : e.key === ' ' ? 'Space' : e.key
  if (!key || key === '+' || /\s/.test(key)) return null
  return canonical([...MODIFIERS.filter((m) => e[FLAG[m]]), key].join('+'))
}

/** The press is this combination (tinykeys' match: every modifier exactly as named, the key by name or place). */
export function matches(e: Press, combo: string): boolean {
  // `$mod` is Control or Meta on every platform (Ctrl+K and ⌘K both search), not only the one tinykeys guesses.
  if (combo.includes('$mod')) return ['Control', 'Meta'].some((m) => matches(e, combo.replaceAll('$mod', m)))
  const [press] = combo.trim() ? parseKeybinding(combo) : []
  if (!press) return false
  const state = (m: string): boolean => (m in FLAG ? e[FLAG[m as keyof typeof FLAG]] : false)
  return matchKeyBindingPress({ key: e.key, code: e.code, getModifierState: state } as KeyboardEvent, press)
}

/** A press in a text field stays in the field unless it holds Control, Alt or Meta. */
export const actsInField = (combo: string): boolean => /(?:^|\+)(?:Control|Alt|Meta|\$mod)\+/i.test(combo)

const KEY_WORDS: Record<string, string> = { Control: 'Ctrl', Meta: '⌘', ArrowUp: '↑', ArrowDown: '↓' }
/** How a combination is shown: "Ctrl+K", "Alt+Shift+B", "Ctrl+,". */
export function comboLabel(combo: string): string {
  const c = canonical(combo)
  if (!c) return ''
  const parts = c.split(/(?<=\w)\+/)
  return parts
    .map((p) => KEY_WORDS[p] ?? p.replace(/^(?:Key|Digit)(?=.$)/, '').replace(/^.$/, (x) => x.toUpperCase()))
    .join('+')
}

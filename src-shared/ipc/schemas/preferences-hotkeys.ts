// The keyboard map as main keeps it (app.hotkeys): only what the user changed from the defaults, so a default that
// changes in a later build reaches everyone who never touched it. A combination is tinykeys' spelling
// (`Shift+KeyB`, `$mod+k`, `Alt+Digit1`); '' unbinds an action. Trading hotkeys act only while armed (a window's
// state, never kept), each asking first unless the user turned its confirmation off (`ask`).
import { z } from 'zod'
import { rule } from './field-rule'
import { obj } from './common'

/** The frame's actions (layout/shortcuts.ts runs them). */
export const FRAME_HOTKEYS = [
  'search',
  'module1',
  'module2',
  'module3',
  'popOut',
  'monitor',
  'theme',
  'settings'
] as const
/** The trading actions (hotkeys/trading-hotkeys.ts runs them), only while armed. */
export const TRADING_HOTKEYS = [
  'buyBid',
  'sellAsk',
  'buyMarket',
  'sellMarket',
  'cancelAll',
  'closePosition',
  'reversePosition',
  'flatten'
] as const
export const HOTKEY_ACTIONS = [...FRAME_HOTKEYS, ...TRADING_HOTKEYS] as const
export type FrameHotkey = (typeof FRAME_HOTKEYS)[number]
export type TradingHotkey = (typeof TRADING_HOTKEYS)[number]
export type HotkeyAction = (typeof HOTKEY_ACTIONS)[number]

/** `$mod` is Control, or Meta (⌘) on macOS. */
export const DEFAULT_HOTKEYS: Record<HotkeyAction, string> = {
  search: '$mod+k',
  module1: 'Alt+Digit1',
  module2: 'Alt+Digit2',
  module3: 'Alt+Digit3',
  popOut: 'Alt+KeyP',
  monitor: 'Alt+KeyM',
  theme: 'Alt+KeyT',
  settings: '$mod+,',
  buyBid: 'Shift+KeyB',
  sellAsk: 'Shift+KeyS',
  buyMarket: 'Alt+Shift+KeyB',
  sellMarket: 'Alt+Shift+KeyS',
  cancelAll: 'Shift+KeyC',
  closePosition: 'Shift+KeyX',
  reversePosition: 'Shift+KeyR',
  flatten: 'Alt+Shift+KeyX'
}

const COMBO_WORDS = 'modifiers (Control, Alt, Shift, Meta, $mod) joined by + before one key, such as Shift+KeyB, or ""'
/** One press: up to four modifiers, then a key name (`KeyB`, `F2`, `ArrowUp`) or one printable character. */
export const hotkeyCombo = z
  .string(rule('string'))
  .max(60, rule('maxChars', { max: 60 }))
  .regex(
    /^(?:(?:(?:\$mod|Control|Alt|Shift|Meta)\+){0,4}(?:[A-Za-z][A-Za-z0-9]{0,19}|[!-*,-~]))?$/,
    rule('oneOf', { values: COMBO_WORDS })
  )

const byAction = <A extends readonly [string, ...string[]], V extends z.ZodType>(actions: A, value: V) =>
  z.partialRecord(z.enum(actions), value, {
    error: (iss) => (iss.code === 'invalid_key' ? rule('oneOf', { values: actions.join(', ') }) : undefined)
  })

export const hotkeysPreference = obj({
  /** The user's combination by action, where it differs from DEFAULT_HOTKEYS. */
  keys: byAction(HOTKEY_ACTIONS, hotkeyCombo),
  /** A trading action's confirmation, where the user turned it off (false) or back on; on by default. */
  ask: byAction(TRADING_HOTKEYS, z.boolean(rule('boolean')))
})
export type HotkeysPreference = z.output<typeof hotkeysPreference>
export const DEFAULT_HOTKEYS_PREFERENCE: HotkeysPreference = { keys: {}, ask: {} }

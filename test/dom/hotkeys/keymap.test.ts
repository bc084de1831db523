// The keyboard map: combinations read through tinykeys' parser, conflicts found whatever the spelling, presses
// recorded layout-independently and matched with every modifier exactly as bound.
import { describe, expect, it } from 'vitest'
import { DEFAULT_HOTKEYS, hotkeysPreference } from '../../../src-shared/ipc/schemas/preferences-hotkeys'
import {
  actsInField,
  bindingsOf,
  canonical,
  comboLabel,
  comboOf,
  conflictOf,
  matches
} from '../../../src-renderer/src/hotkeys/keymap'

const press = (k: Partial<KeyboardEvent>) => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...k
})

describe('keymap', () => {
  it('spells one press one way', () => {
    expect(canonical('shift+alt+KeyB')).toBe('Alt+Shift+KeyB')
    expect(canonical('Control+K')).toBe('Control+KeyK')
    expect(canonical('Alt+2')).toBe('Alt+Digit2')
    expect(canonical('$mod+,')).toMatch(/^(Control|Meta)\+,$/)
    expect(canonical('')).toBeNull()
    expect(canonical('g i')).toBeNull() // a sequence is not offered
    expect(canonical('Hyper+KeyB')).toBeNull()
  })

  it('finds the action a combination is already bound to, in any spelling, and not the action itself', () => {
    const b = bindingsOf({ keys: {}, ask: {} })
    expect(conflictOf(b, 'sellAsk', 'shift+KeyB')).toBe('buyBid')
    expect(conflictOf(b, 'buyBid', 'Shift+KeyB')).toBeNull()
    expect(conflictOf(b, 'buyBid', 'Shift+KeyJ')).toBeNull()
    expect(conflictOf(b, 'search', 'Alt+Shift+KeyX')).toBe('flatten')
    // An unbound action conflicts with nothing, and nothing conflicts with it.
    const cleared = bindingsOf({ keys: { buyBid: '' }, ask: {} })
    expect(conflictOf(cleared, 'sellAsk', 'Shift+KeyB')).toBeNull()
    expect(cleared.buyBid).toBe('')
    expect(cleared.sellAsk).toBe(DEFAULT_HOTKEYS.sellAsk)
  })

  it('records a press by the key place for letters and digits, and waits past a modifier alone', () => {
    expect(comboOf(press({ key: 'B', code: 'KeyB', shiftKey: true }))).toBe('Shift+KeyB')
    expect(comboOf(press({ key: '¡', code: 'Digit1', altKey: true }))).toBe('Alt+Digit1')
    expect(comboOf(press({ key: 'F2', code: 'F2' }))).toBe('F2')
    expect(comboOf(press({ key: ',', code: 'Comma', ctrlKey: true }))).toBe('Control+,')
    expect(comboOf(press({ key: 'Shift', code: 'ShiftLeft', shiftKey: true }))).toBeNull()
    // What is recorded is accepted by main's schema.
    const keys = { buyBid: comboOf(press({ key: 'B', code: 'KeyB', shiftKey: true, altKey: true }))! }
    expect(hotkeysPreference.safeParse({ keys, ask: {} }).success).toBe(true)
  })

  it('matches a press only with exactly the modifiers bound', () => {
    expect(matches(press({ key: 'B', code: 'KeyB', shiftKey: true }), 'Shift+KeyB')).toBe(true)
    expect(matches(press({ key: 'b', code: 'KeyB' }), 'Shift+KeyB')).toBe(false)
    expect(matches(press({ key: 'B', code: 'KeyB', shiftKey: true, altKey: true }), 'Shift+KeyB')).toBe(false)
    expect(matches(press({ key: 'k', code: 'KeyK', ctrlKey: true }), '$mod+k')).toBe(true)
    expect(matches(press({ key: 'k', code: 'KeyK', metaKey: true }), '$mod+k')).toBe(true)
    expect(matches(press({ key: 'k', code: 'KeyK' }), '$mod+k')).toBe(false)
    expect(matches(press({ key: 'b', code: 'KeyB' }), '')).toBe(false)
  })

  it('says which combinations act in a text field, and shows them as printed on keys', () => {
    expect(actsInField('Alt+Shift+KeyB')).toBe(true)
    expect(actsInField('$mod+k')).toBe(true)
    expect(actsInField('Shift+KeyB')).toBe(false)
    expect(comboLabel('Alt+Shift+KeyB')).toBe('Alt+Shift+B')
    expect(comboLabel('Control+,')).toBe('Ctrl+,')
    expect(comboLabel('Alt+Digit1')).toBe('Alt+1')
  })

  it('refuses a bad combination or an unknown action in words', () => {
    const bad = hotkeysPreference.safeParse({ keys: { buyBid: 'Shift+ B' }, ask: {} })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues[0]!.message).toMatch(/modifiers .* before one key/)
    const unknown = hotkeysPreference.safeParse({ keys: { buyEverything: 'Shift+KeyB' }, ask: {} })
    expect(unknown.success).toBe(false)
    expect(unknown.error!.issues[0]!).toMatchObject({ code: 'unrecognized_keys', keys: ['buyEverything'] })
  })
})

describe('keymap: $mod', () => {
  it('conflicts with Control and with Meta, as it matches both', () => {
    const b = bindingsOf({ keys: { theme: 'Control+k' }, ask: {} })
    expect(conflictOf(b, 'monitor', '$mod+k')).toBe('search')
    const only = bindingsOf({ keys: { search: 'F2', theme: 'Meta+k' }, ask: {} })
    expect(conflictOf(only, 'search', '$mod+k')).toBe('theme')
  })
})

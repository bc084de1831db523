// A layout's name as the user typed it, checked before anything is saved: the problem in words, or null. The name is
// never trimmed or otherwise changed behind the user's back; main's schema (preferences-layouts.ts) holds the same
// rules, so what passes here is what main keeps.
import { MAX_LAYOUT_NAME, MAX_LAYOUTS } from '@shared/ipc/schemas/preferences-layouts'
import type { Words } from '@shared/i18n/words'

export type NameCheck = { ok: true } | { ok: false; words: Words } | { ok: false; exists: string }

/**
 * `taken`: the names saved now; `replacing`: the name being renamed (it may keep its own name). A name already saved
 * is not an error but a question (replace it?), told apart as `exists`.
 */
export function checkLayoutName(name: string, taken: readonly string[], replacing?: string): NameCheck {
  if (name.trim() === '') return { ok: false, words: { key: 'layouts.errors.empty' } }
  // Characters as the user counts them (a CJK or emoji name), not UTF-16 units.
  const length = [...name].length
  if (name.length > MAX_LAYOUT_NAME)
    return { ok: false, words: { key: 'layouts.errors.tooLong', params: { max: MAX_LAYOUT_NAME, length } } }
  // Control and format characters (a zero-width space, a direction override) hide in a name or turn its words.
  if (/[\p{Cc}\p{Cf}]/u.test(name)) return { ok: false, words: { key: 'layouts.errors.control' } }
  if (name.trim() !== name) return { ok: false, words: { key: 'layouts.errors.edges' } }
  if (name !== replacing && taken.includes(name)) return { ok: false, exists: name }
  if (name !== replacing && replacing === undefined && taken.length >= MAX_LAYOUTS)
    return { ok: false, words: { key: 'layouts.errors.tooMany', params: { max: MAX_LAYOUTS } } }
  return { ok: true }
}

// Safe edits of a running algorithm: which fields each kind lets change while it runs or is paused, and the rules an
// edit is read by before it is journaled (`readEdit`). None of them changes a size already sent or the total: the
// machines size every child by what is left, so an edit cannot overfill. A TWAP's live slice at the old limit price
// is moved by its machine (cancelled, read final, placed again for its slice); a chase's bound and interval act at its
// next move; an iceberg's visible part at its next slice; a stop's trigger, stop-limit price and trail at the next
// last price. An algorithm with a child whose outcome is unknown is not edited until it is reconciled.
import { fieldWord, kindWord, readAlgoSpec } from '@shared/ipc/schemas/algos'
import type { Words } from '@shared/i18n/words'
import { onPrice, trailingStop } from './machine'
import { w } from './steps'
import {
  TERMINAL_STATES,
  TRIGGER_KINDS,
  type Algo,
  type AlgoEdit,
  type AlgoKind,
  type AlgoSpec,
  type EditableField
} from './types'

export const EDITABLE_FIELDS: readonly EditableField[] = [
  'limitPrice',
  'triggerPrice',
  'stopLimitPrice',
  'trailPercent',
  'visibleQuantity',
  'maxDistancePercent',
  'intervalSeconds'
]

/** What may change while it runs, per kind (an OCO, a bracket and a scaled order: nothing, their orders are sent). */
export const EDITABLE: Readonly<Record<AlgoKind, readonly EditableField[]>> = {
  oco: [],
  bracket: [],
  scaled: [],
  'stop-market': ['triggerPrice'],
  'stop-limit': ['triggerPrice', 'stopLimitPrice'],
  'trailing-stop': ['trailPercent'],
  iceberg: ['visibleQuantity'],
  twap: ['limitPrice'],
  chase: ['limitPrice', 'maxDistancePercent', 'intervalSeconds']
}

export type AlgoPatch = Partial<Pick<AlgoSpec, EditableField>>

export type EditReading = { ok: true; spec: AlgoSpec; edit: AlgoEdit } | { ok: false; field: string; words: Words }

const text = (v: string | number | undefined): string | null => (v === undefined ? null : String(v))

/** The fields a safe edit may change now: none once it ended or is stopping, or once its stop fired. */
export function editableNow(a: Algo): EditableField[] {
  if (TERMINAL_STATES.has(a.state) || a.state === 'stopping') return []
  if (TRIGGER_KINDS.has(a.spec.kind) && a.triggered) return []
  return [...EDITABLE[a.spec.kind]]
}

/** The edited spec, or the first rule the edit breaks in words (the algorithm as it stands now). */
export function readEdit(a: Algo, patch: AlgoPatch, at: number): EditReading {
  const s = a.spec
  const fields = EDITABLE_FIELDS.filter((f) => patch[f] !== undefined)
  if (TERMINAL_STATES.has(a.state) || a.state === 'stopping')
    return { ok: false, field: 'id', words: w('algos.refuse.editEnded', { state: a.state }) }
  const fixed = fields.find((f) => !EDITABLE[s.kind].includes(f))
  if (fixed)
    return {
      ok: false,
      field: fixed,
      words: w('algos.refuse.notEditable', { kind: kindWord(s.kind), field: fieldWord(fixed) })
    }
  const changes = fields
    .filter((f) => text(patch[f]) !== text(s[f]))
    .map((f) => ({ field: f, from: text(s[f]), to: text(patch[f])! }))
  if (!changes.length) return { ok: false, field: fields[0] ?? 'id', words: w('algos.refuse.editNothing') }
  // Unknown first: a child whose place or cancel has no known outcome is reconciled before anything changes.
  const inFlight = a.children.find((c) => c.state === 'placing' || c.state === 'cancelling')
  if (inFlight)
    return {
      ok: false,
      field: 'id',
      words: w('algos.refuse.editInFlight', { order: inFlight.orderId ?? inFlight.clientOrderId })
    }
  if (TRIGGER_KINDS.has(s.kind) && a.triggered)
    return { ok: false, field: changes[0]!.field, words: w('algos.refuse.editFired', { price: a.triggered.price }) }
  // Only the fields that carry a value: a key sent empty (undefined) must never erase the running spec's field (a
  // chase's limit dropped in silence).
  const spec: AlgoSpec = { ...s, ...Object.fromEntries(fields.map((f) => [f, patch[f]])) }
  const between = readAlgoSpec(spec)
  if (!between.ok) return { ok: false, field: between.field, words: between.words }
  return { ok: true, spec, edit: { at, changes } }
}

/**
 * A stop's trigger or trail edited past the last price would fire at once on the next price (a market order for a
 * stop-market or trailing stop): refused in words naming both, so the user places the order knowingly. Without a
 * known last price (none yet, a dead feed) the edit goes as before.
 */
export function firesAtOnce(
  a: Algo,
  spec: AlgoSpec,
  last: string | undefined,
  now: number
): { field: string; words: Words } | null {
  if (last === undefined || !TRIGGER_KINDS.has(spec.kind)) return null
  const field = spec.kind === 'trailing-stop' ? 'trailPercent' : 'triggerPrice'
  if (spec[field] === a.spec[field]) return null
  // As the next price would find it: watching (a paused one fires on resume), the stop not fired yet.
  const { triggered: _t, missed: _m, ...rest } = a
  const seen = onPrice({ ...rest, spec, state: 'waiting' }, last, now, false)
  if (!seen?.triggered) return null
  const trigger = spec.kind === 'trailing-stop' ? trailingStop(seen)! : spec.triggerPrice!
  const key = spec.kind === 'stop-limit' ? 'algos.refuse.editFiresLimit' : 'algos.refuse.editFires'
  return { field, words: w(key, { price: last, trigger }) }
}

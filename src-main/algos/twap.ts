// The TWAP's state machine: the total over `durationSeconds` in `slices` limits at the limit price (the venue fills a
// limit at that price or better). The slice times are drawn when it is created and journaled (`schedule`), with
// the jitter option each moved later by a random part of half an interval, so a restart resumes at the right slice.
// What a slice did not fill by the next slice's time is cancelled (read final) and carried: each slice is what is
// left over the slices left, rounded down to the size's decimals (the last takes all that is left). Slices missed
// while the terminal was closed are carried the same way. At the end of the duration the last slice's rest is
// cancelled and the algorithm ends, saying what filled.
import { compare, div, normalizeDecimal, sub } from '@shared/decimal'
import type { Algo, AlgoSpec } from './types'
import {
  clock,
  done,
  endedOutside,
  filledOf,
  isFilled,
  notPlaced,
  outsideWords,
  remainingOf,
  sumFilled,
  w,
  type Step
} from './steps'

/** The slice times (ms): one every `durationSeconds / slices`, each moved later by up to half of it with jitter. */
export function twapSchedule(s: AlgoSpec, start: number, random: () => number): number[] {
  const n = s.slices!
  const every = (s.durationSeconds! * 1000) / n
  return Array.from({ length: n }, (_, k) =>
    Math.floor(start + k * every + (s.jitter && k > 0 ? random() * (every / 2) : 0))
  )
}

/**
 * Slice k's last child was cancelled by the algorithm at a price other than the limit price now: the limit price was
 * edited while it was live, so the slice goes again at the new price (for what is left, as any slice).
 */
const repriced = (a: Algo, k: number): boolean => {
  const last = a.children.at(-1)
  return (
    last !== undefined &&
    last.slice === k &&
    last.state === 'final' &&
    last.cancelled === true &&
    compare(last.price!, a.spec.limitPrice!) !== 0
  )
}

/**
 * What slice k sends now: its share of what is left (the last: all of it), rounded down to the size's decimals; sent
 * again after a limit price edit, never more than what its own slice left (its first order's size less what its
 * orders filled). `small`: nothing, or below the symbol's minimum (not sent: the venue would refuse it).
 */
export function twapSliceVolume(a: Algo, k: number, again: boolean): { volume: string; small: boolean } {
  const n = a.schedule?.length ?? a.spec.slices!
  const left = remainingOf(a)
  const share = k === n - 1 ? left : normalizeDecimal(div(left, String(n - k), a.rules?.quantityPrecision ?? 8, 'down'))
  let volume = compare(share, '0') > 0 ? share : left
  const own = a.children.filter((c) => c.slice === k)
  if (again && own.length) {
    const ownLeft = normalizeDecimal(sub(own[0]!.volume, sumFilled(own)))
    if (compare(ownLeft, volume) < 0) volume = ownLeft
  }
  const min = a.rules?.limitVolumeMin
  return { volume, small: compare(volume, '0') <= 0 || (min !== undefined && compare(volume, min) < 0) }
}

export const twapEnd = (a: Algo): number => a.createdAt + a.spec.durationSeconds! * 1000

export function decideTwap(a: Algo, now: number): Step {
  const s = a.spec
  const schedule = a.schedule ?? []
  const n = schedule.length
  const refused = a.children.find((c) => c.state === 'not-placed')
  if (refused) return { do: 'fail', reason: notPlaced(refused) }
  const outside = a.children.find(endedOutside)
  if (outside) return { do: 'fail', reason: outsideWords(outside) }
  if (isFilled(a)) return done
  const end = twapEnd(a)
  const live = a.children.find((c) => c.state === 'open')
  const progress = { filled: filledOf(a), total: s.quantity, slices: n }
  if (live) {
    const k = live.slice ?? 0
    const over = k + 1 < n ? schedule[k + 1]! : end
    // Its time is over: cancelled and read final, what it did not fill carried to the next slice. At a limit price
    // edited since it was sent: cancelled and read final, its slice sent again at the new price.
    if (now >= over || compare(live.price!, s.limitPrice!) !== 0) return { do: 'cancel', child: live }
    return { do: 'wait', next: w('algos.next.twapSlice', { ...progress, slice: k + 1, until: clock(over) }) }
  }
  if (now >= end) return { do: 'end', state: 'done', reason: w('algos.reason.twapEnded', progress) }
  // The latest slice whose time has come; slices missed (the terminal closed) are carried into it.
  let k = -1
  while (k + 1 < n && schedule[k + 1]! <= now) k++
  const placed = a.children.reduce((m, c) => Math.max(m, c.slice ?? -1), -1)
  const again = k <= placed && repriced(a, k)
  if (k > placed || again) {
    const { volume, small } = twapSliceVolume(a, k, again)
    if (!small)
      return {
        do: 'place',
        child: { role: 'slice', side: s.side, type: 'LIMIT', volume, price: s.limitPrice!, slice: k }
      }
    // Below the symbol's minimum a slice is not sent (the venue would refuse it): carried into the next one; the
    // last has no next, so the algorithm ends saying what it left.
    if (k === n - 1)
      return {
        do: 'end',
        state: 'done',
        reason: w('algos.reason.twapBelowMin', {
          left: remainingOf(a),
          min: a.rules?.limitVolumeMin ?? '0',
          filled: progress.filled,
          total: s.quantity
        })
      }
  }
  const at = k + 1 < n ? schedule[k + 1]! : end
  return { do: 'wait', next: w('algos.next.twapNext', { ...progress, slice: k + 2, at: clock(at) }) }
}

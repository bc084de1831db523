// Cursor paging for the venue's record lists. The venue pages by `fromId` in one direction only (futures
// history: ids below it, newest first; fills: from it on, oldest first), so "previous" replays the cursors
// already used. Each tab owns one pager; rows are kept shallow (records are read-only). A list that names its
// own next cursor (the terminal's order history) answers a CursorPage instead of bare rows.
import { getCurrentScope, onScopeDispose, ref, shallowRef } from 'vue'
import { ProfileSwitchedError } from '../../stores/records'
import { errorText } from '../../stores/trading'

export interface CursorPage<T> {
  rows: T[]
  next: string | undefined
}

export function usePager<T>(
  load: (cursor: string | undefined) => Promise<T[] | CursorPage<T>>,
  nextCursor: (rows: T[], page: number) => string | undefined,
  size: number
) {
  const rows = shallowRef<T[]>([])
  /** The next cursor the last page named, when it names one. */
  let named: string | undefined
  const loading = ref(false)
  const error = ref<string | null>(null)
  const stack = ref<(string | undefined)[]>([])
  const page = ref(1)
  let seq = 0

  async function go(cursor: string | undefined): Promise<void> {
    const mine = ++seq
    loading.value = true
    error.value = null
    try {
      const got = await load(cursor)
      if (mine !== seq) return
      rows.value = Array.isArray(got) ? got : got.rows
      named = Array.isArray(got) ? undefined : got.next
    } catch (e) {
      // A read for the profile the window left is no error of this list: its own reload follows.
      if (mine === seq && !(e instanceof ProfileSwitchedError)) error.value = errorText(e)
    } finally {
      if (mine === seq) loading.value = false
    }
  }

  /** Starts over at `cursor` (undefined: the venue's default page). */
  function first(cursor?: string): Promise<void> {
    stack.value = [cursor]
    page.value = 1
    // What showed belongs to the previous list (another profile or symbol): never left up if this page fails.
    rows.value = []
    named = undefined
    return go(cursor)
  }
  const cursorAfter = () => named ?? nextCursor(rows.value, page.value)
  const hasNext = () => rows.value.length >= size && cursorAfter() !== undefined
  function next(): Promise<void> {
    const c = cursorAfter()
    stack.value = [...stack.value, c]
    page.value++
    return go(c)
  }
  function prev(): Promise<void> {
    if (stack.value.length < 2) return Promise.resolve()
    stack.value = stack.value.slice(0, -1)
    page.value--
    return go(stack.value[stack.value.length - 1])
  }
  const reload = () => go(stack.value[stack.value.length - 1])
  let soon: ReturnType<typeof setTimeout> | undefined
  /**
   * Reloads after `ms`, once for all calls meanwhile: live changes come in bursts, and each read spends rate budget.
   */
  function reloadSoon(ms: number): void {
    soon ??= setTimeout(() => {
      soon = undefined
      void reload()
    }, ms)
  }
  if (getCurrentScope()) onScopeDispose(() => clearTimeout(soon))

  return { rows, loading, error, page, first, next, prev, reload, reloadSoon, hasNext }
}

/** The id after `id` (ids are digit strings beyond 2^53: BigInt, never Number). */
export const idAfter = (id: string): string => (BigInt(id) + 1n).toString()

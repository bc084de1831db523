// Cursor paging for the venue's record lists. The venue pages by `fromId` in one direction only (futures
// history: ids below it, newest first; fills: from it on, oldest first), so "previous" replays the cursors
// already used. Each tab owns one pager; rows are kept shallow (records are read-only).
import { ref, shallowRef } from 'vue'
import { errorText } from '../../stores/trading'

export function usePager<T>(load: (cursor: string | undefined) => Promise<T[]>, nextCursor: (rows: T[], page: number) => string | undefined, size: number) {
  const rows = shallowRef<T[]>([])
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
      if (mine === seq) rows.value = got
    } catch (e) {
      if (mine === seq) error.value = errorText(e)
    } finally {
      if (mine === seq) loading.value = false
    }
  }

  /** Starts over at `cursor` (undefined: the venue's default page). */
  function first(cursor?: string): Promise<void> {
    stack.value = [cursor]
    page.value = 1
    return go(cursor)
  }
  const hasNext = () => rows.value.length >= size && nextCursor(rows.value, page.value) !== undefined
  function next(): Promise<void> {
    const c = nextCursor(rows.value, page.value)
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

  return { rows, loading, error, page, first, next, prev, reload, hasNext }
}

/** The id after `id` (ids are digit strings beyond 2^53: BigInt, never Number). */
export const idAfter = (id: string): string => (BigInt(id) + 1n).toString()

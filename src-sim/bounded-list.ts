// Oldest-first record lists capped at their newest `cap` items (users' fills and the futures records). Dropping
// the oldest item on every push was a `splice(0, 1)`: past ~16,000 items V8 keeps the array in large-object space,
// where nothing can be trimmed from the front in place, so each push moved the whole list (~0.1-0.2 ms a fill
// on a 20,000-fill list). Here the list may run up to an eighth over its cap and is then cut back in one splice
// (amortized a few element moves a push); whoever reads it takes it through `newest`, which cuts it back to
// exactly the cap first, so every reader sees the newest `cap` items in their order, as before.

/** Appends `item`, cutting the list back to its newest `cap` items once it runs an eighth over. */
export function pushBounded<T>(list: T[], item: T, cap: number): void {
  list.push(item)
  if (list.length > cap + Math.max(1, cap >> 3)) list.splice(0, list.length - cap)
}

/** The list cut back to exactly its newest `cap` items (in place: the same array, oldest first). */
export function newest<T>(list: T[], cap: number): T[] {
  if (list.length > cap) list.splice(0, list.length - cap)
  return list
}

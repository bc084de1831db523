// Taking the oldest entry of a Map that is trimmed from its head (the bounded order records of spot and futures).
// `map.entries().next()` starts a fresh walk at the table's first slot, and V8 leaves a deleted entry's slot empty
// until the table is rebuilt on growth, so on a 50,000-order map trimmed one order at a time each fresh walk skipped
// tens of thousands of empty slots (~40 us a call, more than the rest of an order's HTTP path). One iterator kept per
// map resumes where it stopped. It is always at the map's head: every entry it passed was taken out here (and, if
// set again, now stands behind it), and entries set later come after it, as Map iteration guarantees.
const cursors = new WeakMap<Map<unknown, unknown>, Iterator<[unknown, unknown]>>()

/** Removes and returns the map's first-set entry (undefined on an empty map). */
export function takeOldest<K, V>(map: Map<K, V>): [K, V] | undefined {
  let cursor = cursors.get(map) as Iterator<[K, V]> | undefined
  let step = cursor?.next()
  if (!step || step.done) {
    cursor = map.entries()
    cursors.set(map, cursor)
    step = cursor.next()
  }
  if (step.done) return undefined
  map.delete(step.value[0])
  return step.value
}

// Per-window memory of what was heard of many things over a session (orders' executed quantities, notices told):
// only the most recent are kept, so a window open for days next to a bot placing orders does not grow with every
// order. A Map and a Set keep insertion order: touching a key moves it to the back, the front is the oldest.

/** Sets `key` to `value` as the newest entry of `map`, dropping the oldest past `max`. */
export function setRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key)
  map.set(key, value)
  if (map.size > max) map.delete(map.keys().next().value as K)
}

/** Adds `key` as the newest entry of `set`, dropping the oldest past `max`. */
export function addRecent<K>(set: Set<K>, key: K, max: number): void {
  set.delete(key)
  set.add(key)
  if (set.size > max) set.delete(set.values().next().value as K)
}

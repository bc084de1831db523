// What a screen reader is told without the user moving the focus: fills, errors, order outcomes, in the window's
// language (the words are the ones shown). Two live regions read it (components/LiveAnnouncer.vue): a polite one,
// and an assertive one for errors, which interrupt. Each keeps its last few messages, so a fill told right after an
// order's outcome is read after it instead of replacing it before it was read.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { onProfileSwitch } from './profile-scope'

/** Messages a region keeps: enough for a burst (an outcome, its fill, a toast), few enough to stay short. */
const KEPT = 3

export interface Said {
  text: string
  /** Tells the same words said twice apart (a new line, read again). */
  n: number
}

export const useAnnouncerStore = defineStore('announcer', () => {
  const polite = ref<Said[]>([])
  const urgent = ref<Said[]>([])
  let n = 0
  /** `urgent`: an error, read at once (assertive). */
  function say(text: string, isUrgent = false): void {
    if (!text.trim()) return
    const into = isUrgent ? urgent : polite
    into.value = [...into.value, { text, n: ++n }].slice(-KEPT)
  }
  /** Takes back what no longer holds (a connection down, once it is back): a reader who goes to it reads it as now. */
  function unsay(text: string): void {
    polite.value = polite.value.filter((x) => x.text !== text)
    urgent.value = urgent.value.filter((x) => x.text !== text)
  }
  // One account at a time: what was said of the account left goes with it (a late answer for it is said again after,
  // naming it).
  onProfileSwitch(() => {
    polite.value = []
    urgent.value = []
  })
  return { polite, urgent, say, unsay }
})

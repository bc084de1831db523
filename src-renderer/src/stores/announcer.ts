// What a screen reader is told without the user moving the focus: fills, errors, order outcomes, in the window's
// language (the words are the ones shown). One polite live region reads it (components/LiveAnnouncer.vue).
import { defineStore } from 'pinia'
import { ref } from 'vue'

export const useAnnouncerStore = defineStore('announcer', () => {
  /** The latest words; `n` tells the same words said twice apart, so they are read again. */
  const said = ref<{ text: string; n: number } | null>(null)
  let n = 0
  function say(text: string): void {
    if (text.trim()) said.value = { text, n: ++n }
  }
  return { said, say }
})

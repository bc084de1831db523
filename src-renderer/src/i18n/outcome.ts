// An outcome line ("Order placed…", "Transfer done…", a refusal): its words are made when read, not when said, so a
// line still on screen follows a language change (vue-i18n's t() is reactive where a render reads it).
export interface Outcome {
  ok: boolean
  readonly text: string
}

/** `words` runs at every read; keep it cheap and free of side effects. */
export function outcome(ok: boolean, words: () => string): Outcome {
  return {
    ok,
    get text() {
      return words()
    }
  }
}

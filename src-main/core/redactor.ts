// Belt and braces for "no secret in a log line or an error": every secret that enters main-process memory (typed
// by the user, loaded from the keychain, issued by the embedded exchange) is registered here, and every log line
// and every error body leaving the core passes through scrub(). The code paths are written not to carry secrets;
// this catches the one that would.
const MIN_LENGTH = 6
/**
 * At most this many values are kept (a session registers a few per profile): past it the oldest registered goes, so
 * a caller that registers per request cannot grow the list, and every scrub, without bound. A value registered
 * again becomes the newest.
 */
export const MAX_VALUES = 1024
/** Longer values are not secrets the terminal holds (a PEM key is ~3 KB): kept out of a list scanned on every line. */
const MAX_LENGTH = 16_384

export class Redactor {
  readonly #values = new Set<string>()

  /** Registers a secret; a PEM key also registers each line of its body, so a fragment is caught too. */
  add(value: string): void {
    const v = value.trim()
    if (v.length > MAX_LENGTH) return
    if (v.length >= MIN_LENGTH) this.#keep(v)
    if (v.includes('\n'))
      for (const line of v.split(/\r?\n/)) if (line.length >= 16 && !line.startsWith('-----')) this.#keep(line.trim())
  }

  /** How many values are registered (tests). */
  get size(): number {
    return this.#values.size
  }

  #keep(v: string): void {
    this.#values.delete(v) // re-added: the newest again
    this.#values.add(v)
    if (this.#values.size > MAX_VALUES) this.#values.delete(this.#values.values().next().value as string)
  }

  scrub(text: string): string {
    let out = text
    for (const v of this.#values) if (out.includes(v)) out = out.split(v).join('[redacted]')
    return out
  }
}

export type Log = (line: string) => void

/** The one log function of the core: every line is scrubbed before it reaches the sink. */
export function scrubbedLog(redactor: Redactor, sink: Log): Log {
  return (line) => {
    try {
      sink(redactor.scrub(line))
    } catch {
      // a failing sink (closed stdout) must not break a request
    }
  }
}

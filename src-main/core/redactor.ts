// Belt and braces for "no secret in a log line or an error": every secret that enters main-process memory (typed
// by the user, loaded from the keychain, issued by the embedded exchange) is registered here, and every log line
// and every error body leaving the core passes through scrub(). The code paths are written not to carry secrets;
// this catches the one that would.
const MIN_LENGTH = 6

export class Redactor {
  readonly #values = new Set<string>()

  /** Registers a secret; a PEM key also registers each line of its body, so a fragment is caught too. */
  add(value: string): void {
    const v = value.trim()
    if (v.length >= MIN_LENGTH) this.#values.add(v)
    if (v.includes('\n')) for (const line of v.split(/\r?\n/)) if (line.length >= 16 && !line.startsWith('-----')) this.#values.add(line.trim())
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

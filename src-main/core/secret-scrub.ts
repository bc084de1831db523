// The one scrubber for everything main produces: every contract result, event and error (contract-server.ts's
// `outgoing`), every stored file (the undetermined-orders, order-history and preferences writers) and every log line.
// A venue may echo request headers (the API key) into any answer, success or failure, and any field main passes on
// could then carry it; so each secret is looked for in whatever leaves, not only in error texts. A secret is sought
// as it is and in the encodings an echo carries it in (base64, base64url, URL-encoded); a PEM key also by each line
// of its body, so a fragment is caught too.
const MIN_LENGTH = 6
const REDACTED = '[redacted]'

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The forms of one secret worth looking for. */
function formsOf(secret: string): string[] {
  const v = secret.trim()
  const lines = v.includes('\n')
    ? v
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l.length >= 16 && !l.startsWith('-----'))
    : []
  const forms = [v, ...lines].flatMap((s) => [
    s,
    Buffer.from(s).toString('base64'),
    Buffer.from(s).toString('base64url'),
    encodeURIComponent(s)
  ])
  return forms.filter((s) => s.length >= MIN_LENGTH)
}

export class SecretScrub {
  readonly #needles = new Set<string>()
  /** Every needle, longest first (so a secret is replaced whole before a shorter form of it could match). */
  #pattern: RegExp | null = null

  add(secret: string): void {
    let grew = false
    for (const f of formsOf(secret)) {
      if (this.#needles.has(f)) continue
      this.#needles.add(f)
      grew = true
    }
    if (grew)
      this.#pattern = new RegExp(
        [...this.#needles]
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join('|'),
        'g'
      )
  }

  text(s: string): string {
    if (!this.#pattern || s.length < MIN_LENGTH) return s
    this.#pattern.lastIndex = 0
    return this.#pattern.test(s) ? s.replace(this.#pattern, REDACTED) : s
  }

  /**
   * The value with every string in it (keys too) scrubbed: the same value when nothing matched, else a copy of the
   * parts that changed. An object with toJSON (an ExchangeError) is judged by what it would serialize to.
   */
  value<T>(v: T): T {
    return this.#pattern ? (this.#walk(v) as T) : v
  }

  #walk(v: unknown): unknown {
    if (typeof v === 'string') return this.text(v)
    if (v === null || typeof v !== 'object') return v
    if (Array.isArray(v)) {
      let out: unknown[] | null = null
      v.forEach((x, i) => {
        const y = this.#walk(x)
        if (y !== x) (out ??= [...v])[i] = y
      })
      return out ?? v
    }
    const json = (v as { toJSON?: unknown }).toJSON
    if (typeof json === 'function') {
      const plain: unknown = json.call(v)
      const scrubbed = this.#walk(plain)
      return scrubbed === plain ? v : scrubbed
    }
    let out: Record<string, unknown> | null = null
    for (const [k, x] of Object.entries(v)) {
      const key = this.text(k)
      const y = this.#walk(x)
      if (y === x && key === k) continue
      out ??= { ...(v as Record<string, unknown>) }
      if (key !== k) delete out[k]
      out[key] = y
    }
    return out ?? v
  }
}

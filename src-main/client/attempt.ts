// One send over the transport with a per-attempt timeout combined with the caller's signal, and a failure
// classified by what it implies: timed out, aborted by the caller, or a network failure (and whether the request
// surely never left). The timeout is raced as well, so even a transport that ignores its signal cannot hang a call.
import { describeNetworkError, type Transport, type TransportInit, type TransportResponse } from './transport'

export type AttemptResult =
  | { ok: true; res: TransportResponse }
  | { ok: false; reason: 'timeout' | 'aborted' | 'network'; notSent: boolean; text: string }

export async function sendOnce(
  transport: Transport,
  url: string,
  init: Omit<TransportInit, 'signal'>,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined
): Promise<AttemptResult> {
  if (callerSignal?.aborted) return { ok: false, reason: 'aborted', notSent: true, text: 'aborted before sending' }
  // The timer and the caller's abort settle `stopped` directly (a listener on an AbortSignal costs ~4 us per call),
  // and the AbortSignal itself is made only if the transport reads it (fetch does; a stub need not).
  let stop!: (e: Error) => void
  const stopped = new Promise<never>((_, reject) => {
    stop = reject
  })
  const sendInit = new LazySignalInit(init)
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    sendInit.abort()
    stop(new Error('timeout'))
  }, timeoutMs)
  const onCallerAbort = (): void => {
    sendInit.abort()
    stop(new Error('aborted'))
  }
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
  try {
    const res = await Promise.race([transport.send(url, sendInit), stopped])
    return { ok: true, res }
  } catch (e) {
    if (timedOut) return { ok: false, reason: 'timeout', notSent: false, text: `no answer within ${timeoutMs} ms` }
    if (callerSignal?.aborted) return { ok: false, reason: 'aborted', notSent: false, text: 'aborted by the caller' }
    const d = describeNetworkError(e)
    return { ok: false, reason: 'network', notSent: d.notSent, text: d.text }
  } finally {
    clearTimeout(timer)
    callerSignal?.removeEventListener('abort', onCallerAbort)
  }
}

/** TransportInit whose AbortSignal is created on first read (a class: an object-literal getter is slow in V8). */
class LazySignalInit implements TransportInit {
  readonly method: TransportInit['method']
  readonly headers: Record<string, string>
  readonly body: string | undefined
  private ctl: AbortController | undefined
  private aborted = false
  constructor(init: Omit<TransportInit, 'signal'>) {
    this.method = init.method
    this.headers = init.headers
    this.body = init.body
  }
  get signal(): AbortSignal {
    if (!this.ctl) {
      this.ctl = new AbortController()
      if (this.aborted) this.ctl.abort()
    }
    return this.ctl.signal
  }
  abort(): void {
    this.aborted = true
    this.ctl?.abort()
  }
}

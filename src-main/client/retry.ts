// When a failed attempt may be sent again. Safe requests (GET) are retried on network errors, timeouts and 5xx
// with exponential back-off and jitter, at most `maxRetries` times. A POST is never resent on those: the venue may
// have acted, so the outcome is unknown and is reconciled by client order id instead. A 429 (or -1003) is resent
// after the bucket's pause for a GET only: a gateway in front of the venue may answer it after forwarding a POST.
// One answer proves the venue did not act and allows a resend of any method: -1021 (once, after a clock resync).

export interface RetryPolicy {
  maxRetries: number
  baseMs: number
  maxMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, baseMs: 200, maxMs: 2000 }

/** Back-off before retry number `n` (1-based): base * 2^(n-1), capped, scaled by a jitter of 50..100 %. */
export function backoffMs(n: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const raw = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, n - 1))
  return raw * (0.5 + random() * 0.5)
}

/** Resolves after `ms`; rejects at once with the signal's reason if it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = (): void => {
      clearTimeout(t)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

// Two helpers for hot market data in the renderer, shared by any store:
// - liveSubscribe: a contract stream that comes back by itself after a dropped connection or a profile change
//   (the bridge and main end streams then), with backoff, and gives up only on final errors.
// - frameBatch: however many events arrive, the view is told at most once per animation frame.
import type { TerminalContract } from '@shared/ipc/contract'
import type { ContractError, EventOf, ParamsOf, StreamNames } from '@shared/ipc/contract-kit'
import { pauseWhileHidden } from './hidden-pause'
import { terminal } from './terminal'

type C = TerminalContract

/** Ends that another attempt cannot fix: no credential, the bridge gave up, or a request main refuses. */
const FINAL = new Set(['unauthorized', 'offline', 'closed', 'invalid-input', 'unknown-channel', 'not-found'])

export interface LiveOptions {
  /** Told of every end (with its error); the stream is retried unless the error is final or stop() ran. */
  onEnd?: (error: ContractError | undefined, final: boolean) => void
  /** First retry delay; doubles up to 10 s. Default 500 ms. */
  retryMs?: number
  /**
   * Market data: let go of the stream while the page stays hidden, take it again when shown (services/hidden-pause.ts).
   * The pause is told to onEnd as an end without error, not final: the next event starts over (a snapshot, history).
   */
  pauseWhileHidden?: boolean
}

export function liveSubscribe<K extends StreamNames<C>>(
  channel: K,
  params: ParamsOf<C, K>,
  listener: (event: EventOf<C, K>) => void,
  opts: LiveOptions = {}
): () => void {
  let stopped = false
  let off: (() => void) | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let attempt = 0
  const start = (): void => {
    off = terminal().subscribe(
      channel,
      params,
      (e) => {
        attempt = 0
        listener(e)
      },
      (error) => {
        off = null
        const final = error !== undefined && FINAL.has(error.code)
        opts.onEnd?.(error, final)
        if (stopped || final) return
        timer = setTimeout(start, Math.min(10_000, (opts.retryMs ?? 500) * 2 ** attempt++))
      }
    )
  }
  let paused = false
  const unpause = opts.pauseWhileHidden
    ? pauseWhileHidden({
        pause() {
          if (stopped || paused) return
          paused = true
          clearTimeout(timer)
          const was = off
          off?.()
          off = null
          if (was) opts.onEnd?.(undefined, false)
        },
        resume() {
          if (stopped || !paused) return
          paused = false
          attempt = 0
          start()
        }
      })
    : () => undefined
  if (!paused) start()
  return () => {
    stopped = true
    unpause()
    clearTimeout(timer)
    off?.()
    off = null
  }
}

export interface FrameBatch {
  /** Asks for a flush on the next frame; repeated calls before it are one. */
  schedule(): void
  cancel(): void
}

const raf: (cb: () => void) => unknown = (cb) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : setTimeout(cb, 16)
const caf = (id: unknown): void =>
  typeof cancelAnimationFrame === 'function'
    ? cancelAnimationFrame(id as number)
    : clearTimeout(id as ReturnType<typeof setTimeout>)

export function frameBatch(flush: () => void): FrameBatch {
  let id: unknown = null
  return {
    schedule() {
      if (id !== null) return
      id = raf(() => {
        id = null
        flush()
      })
    },
    cancel() {
      if (id !== null) caf(id)
      id = null
    }
  }
}

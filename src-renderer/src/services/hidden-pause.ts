// Market streams let go while nobody can see the page (a minimized window, a background tab): a hidden window then
// costs the server and the page nothing. After HIDDEN_PAUSE_MS hidden (a quick switch away keeps its streams, so
// coming back shows the market at once), every registered stream is paused; shown again, every one resumes at once,
// and its first event is the current state again (a book snapshot, the tape's and candles' history).

/** How long the page must stay hidden before its market streams are let go (ms). */
export const HIDDEN_PAUSE_MS = 10_000

interface Pausable {
  pause(): void
  resume(): void
}

const registered = new Set<Pausable>()
let paused = false
let timer: ReturnType<typeof setTimeout> | undefined

function onVisibility(): void {
  clearTimeout(timer)
  if (document.hidden) {
    timer = setTimeout(() => {
      paused = true
      for (const p of registered) p.pause()
    }, HIDDEN_PAUSE_MS)
  } else if (paused) {
    paused = false
    for (const p of registered) p.resume()
  }
}
if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility)

/** Keeps `p` paused while the page is hidden (paused now if it already is); the returned function unregisters it. */
export function pauseWhileHidden(p: Pausable): () => void {
  registered.add(p)
  if (paused) p.pause()
  return () => void registered.delete(p)
}

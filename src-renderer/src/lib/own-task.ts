// Heavy work that should not share a task with the frame that asked for it (a full ECharts redraw: 10-20 ms with 5
// panels live). A frame's task already holds the stream lanes, style, layout and paint; adding the redraw made the
// page's longest tasks. Run in a task of its own, right after the current one, the frame is presented first and an
// input event or the next frame can come in between. MessageChannel, not setTimeout: no 4 ms clamp when nested.

type Job = { run: () => void; cancelled: boolean }

const queue: Job[] = []
let channel: MessageChannel | null = null // Chromium, Electron and happy-dom all have MessageChannel

function runNext(): void {
  const job = queue.shift()
  if (job && !job.cancelled) job.run()
}

/** Runs `fn` in a task of its own after the current task, in the order asked. Returns a cancel function. */
export function inOwnTask(fn: () => void): () => void {
  const job: Job = { run: fn, cancelled: false }
  queue.push(job)
  if (!channel) {
    channel = new MessageChannel()
    channel.port1.onmessage = runNext
  }
  channel.port2.postMessage(null)
  return () => {
    job.cancelled = true
  }
}

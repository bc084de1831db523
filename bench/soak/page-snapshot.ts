// A heap snapshot of a Chromium page over its CDP session (the soak's --snapshots), streamed to a file so two of one
// window can be compared (heap-diff.ts).
import { createWriteStream } from 'node:fs'
import type { CDPSession } from 'playwright-core'

/** Streams a heap snapshot of the page behind `cdp` (after a GC) to `file`. */
export async function pageSnapshot(cdp: CDPSession, file: string): Promise<void> {
  const out = createWriteStream(file)
  const onChunk = (e: { chunk: string }): void => void out.write(e.chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  try {
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())))
  }
}

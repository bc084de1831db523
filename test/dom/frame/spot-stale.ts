// One stale-feed status shared by the guard tests of the order form and the Algorithms panel.
import { flushPromises } from '@vue/test-utils'
import { useStatusStore } from '../../../src-renderer/src/stores/status'
import { status } from './fixtures'

/** main's status: the spot market's feed silent for 12 s. */
export async function spotStale(): Promise<void> {
  const st = useStatusStore()
  const now = Date.now()
  st.link = 'connected'
  st.now = now
  st.last = status({
    at: now,
    feeds: [
      {
        module: 'spot',
        state: 'reconnecting',
        lastFrameAt: now - 12_000,
        reconnects: 1,
        lastError: 'stale: depth channel silent',
        channels: 2
      }
    ]
  })
  await flushPromises()
}

// The contract endpoint of a core that is still starting: `npm run web` prints its link as soon as the browser host
// listens, and the page loads (a second of files and scripts) while the core starts its exchange and keys. A socket
// accepted meanwhile is connected to the core once it is up, and what the page sent before is handed over in order;
// if the core fails to start, those sockets are closed by the host's close and the page tells the lost connection.
import type { ContractConnection } from '../contract/contract-server'
import type { ContractEndpoint } from './browser-host'

/** Messages one page may send before the core is up (a cold page sends about twenty); beyond, the socket is closed. */
export const MAX_EARLY_MESSAGES = 1000

export function deferredEndpoint(ready: Promise<ContractEndpoint>): ContractEndpoint {
  let endpoint: ContractEndpoint | null = null
  ready.then(
    (e) => void (endpoint = e),
    () => undefined // the starter tells the failure
  )
  return {
    connect(send, ctx): ContractConnection {
      if (endpoint) return endpoint.connect(send, ctx)
      const early: unknown[] = []
      let conn: ContractConnection | null = null
      let closed = false
      void ready.then(
        (e) => {
          if (closed) return
          conn = e.connect(send, ctx)
          for (const m of early.splice(0)) conn.receive(m)
        },
        () => undefined
      )
      return {
        receive(m) {
          if (conn) return conn.receive(m)
          if (!closed && early.length < MAX_EARLY_MESSAGES) early.push(m)
        },
        close() {
          closed = true
          early.length = 0
          conn?.close()
        }
      }
    }
  }
}

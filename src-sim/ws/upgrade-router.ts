// Routes HTTP upgrades of one node:http server to WebSocket handlers by path, so /spot/ws and
// /futures/ws can share a server. One 'upgrade' listener per server; an upgrade for a path nobody serves
// gets 404 unless the server owner listens for upgrades too (then it is theirs to answer).
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void

interface Router {
  routes: Map<string, UpgradeHandler>
  listener: UpgradeHandler
}

const routers = new WeakMap<Server, Router>()

/** Serves upgrades to `path` (query string ignored); returns a function that removes the route. */
export function routeUpgrade(server: Server, path: string, handler: UpgradeHandler): () => void {
  let r = routers.get(server)
  if (!r) {
    const routes = new Map<string, UpgradeHandler>()
    const listener: UpgradeHandler = (req, socket, head) => {
      const h = routes.get(pathOf(req.url))
      if (h) return h(req, socket, head)
      if (server.listenerCount('upgrade') === 1) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      }
    }
    r = { routes, listener }
    routers.set(server, r)
    server.on('upgrade', listener)
  }
  if (r.routes.has(path)) throw new Error(`WebSocket path ${path} already served`)
  r.routes.set(path, handler)
  const router = r
  return () => {
    if (router.routes.get(path) !== handler) return
    router.routes.delete(path)
    if (router.routes.size === 0) {
      server.off('upgrade', router.listener)
      routers.delete(server)
    }
  }
}

function pathOf(url: string | undefined): string {
  const q = (url ?? '/').indexOf('?')
  return q < 0 ? (url ?? '/') : url!.slice(0, q)
}

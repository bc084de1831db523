// Assembly step: the network front. The HTTP server built from the catalog (the flavor's shaping, the control API
// when asked for), the spot and futures WebSocket feeds on the same server, listening on loopback.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { MarketActivity } from '../activity/market-activity'
import type { SimContext } from '../context'
import { CONTROL_PREFIX, controlApi } from '../control/control-api'
import { newControlToken } from '../control/control-guard'
import { liveRequests } from '../flavor/live-requests'
import { liveShaper } from '../flavor/live-shaper'
import { bestPricesOf } from '../flavor/live-ticker'
import { createHttpFront, specShaper } from '../http/server'
import type { StartOptions } from '../options'
import { attachMarketWs, type MarketWsHandle } from '../ws'
import { credentialLookup, handlerTable } from './handler-table'

export interface Front {
  url: string
  port: number
  /** This run's control API token. */
  controlToken: string
  close(): Promise<void>
}

/** Opens the front; `activity` is read per control request (it starts once the front listens). */
export async function openFront(
  sim: SimContext,
  opts: StartOptions,
  activity: () => MarketActivity | null,
  undo: (() => Promise<void>)[]
): Promise<Front> {
  const controlToken = opts.controlToken ?? newControlToken()
  const flavor = opts.flavor ?? 'spec'
  let port = 0
  const server: Server = createHttpFront({
    handlers: handlerTable(sim),
    lookupCredential: credentialLookup(sim),
    clock: sim.clock,
    shaper: flavor === 'live' ? liveShaper(bestPricesOf(sim.hub)) : specShaper,
    requests: flavor === 'live' ? liveRequests : undefined,
    timeouts: opts.httpTimeouts,
    extension: opts.control
      ? { prefix: CONTROL_PREFIX, handle: controlApi(sim, activity, { token: controlToken, port: () => port }) }
      : undefined
  })
  const common = { hub: sim.hub, flavor, now: sim.clock }
  const feeds: MarketWsHandle[] = [
    attachMarketWs(server, { path: '/spot/ws', module: 'spot', ...common, ...opts.ws }),
    // One hub holds both modules (futures channels are the e_ symbols, market_e_btcusdt_ticker); each path serves
    // only its own module's channels; hub ticks run once.
    attachMarketWs(server, { path: '/futures/ws', module: 'futures', ...common, hubTickMs: 0, ...opts.ws })
  ]
  undo.push(async () => {
    await Promise.all(feeds.map((f) => f.close()))
    server.close()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    controlToken,
    async close() {
      await Promise.all(feeds.map((f) => f.close()))
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

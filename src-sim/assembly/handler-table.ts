// Assembly step: what the HTTP front serves: every endpoint handler keyed by catalog id, and the credential of a
// signing API key.
import { credentialOf } from '../accounts'
import type { SimContext } from '../context'
import { endpointHandlers } from '../handlers/index'
import type { Credential } from '../http/auth'
import type { Handler } from '../http/server'

export function handlerTable(sim: SimContext): Map<string, Handler> {
  // handlers/index.ts: the whole table, typed per catalog id (it fails to compile while an id has no handler)
  return new Map(endpointHandlers(sim))
}

/** The credential of an API key that may sign requests. */
export function credentialLookup(sim: SimContext): (apiKey: string) => Credential | undefined {
  return (apiKey) => {
    const a = sim.spot.byApiKey.get(apiKey)
    // The market bots trade in-process only: their keys (public in older data dirs) never sign a request.
    return a && !a.bot ? credentialOf(a) : undefined
  }
}

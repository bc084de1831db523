// Assembly step: what the HTTP front serves: every endpoint handler keyed by catalog id, and the credential of a
// signing API key.
import { credentialOf } from '../accounts'
import type { SimContext } from '../context'
import { futuresAccountHandlers } from '../handlers/futures-account'
import { futuresOrderHandlers } from '../handlers/futures-orders'
import { futuresPublicHandlers } from '../handlers/futures-public'
import { futuresRecordHandlers } from '../handlers/futures-records'
import { futuresSettingsHandlers } from '../handlers/futures-settings'
import { spotAccountHandlers } from '../handlers/spot-account'
import { marginHandlers, spotTradingHandlers } from '../handlers/spot-orders'
import { spotPublicHandlers } from '../handlers/spot-public'
import type { Credential } from '../http/auth'
import type { Handler } from '../http/server'

export function handlerTable(sim: SimContext): Map<string, Handler> {
  return new Map<string, Handler>(
    Object.entries({
      ...spotPublicHandlers(sim),
      ...spotTradingHandlers(sim),
      ...spotAccountHandlers(sim),
      ...marginHandlers(sim),
      ...futuresPublicHandlers(sim),
      ...futuresOrderHandlers(sim),
      ...futuresRecordHandlers(sim),
      ...futuresAccountHandlers(sim),
      ...futuresSettingsHandlers(sim)
    })
  )
}

/** The credential of an API key that may sign requests. */
export function credentialLookup(sim: SimContext): (apiKey: string) => Credential | undefined {
  return (apiKey) => {
    const a = sim.spot.byApiKey.get(apiKey)
    // The market bots trade in-process only: their keys (public in older data dirs) never sign a request.
    return a && !a.bot ? credentialOf(a) : undefined
  }
}

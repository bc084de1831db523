// The market of an alert's fire as the profile's venue lists it, asked over the contract the way a window asks (main
// caches the lists per profile): the desktop notification names the market by its coins and writes the price at the
// market's tick. One connection for the app's life, closed with the notifications.
import type { TerminalContract } from '@shared/ipc/contract'
import { createContractClient } from '@shared/ipc/contract-client'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import type { Module } from '@shared/module'
import type { TerminalCore } from '../core/terminal-core'

export interface AlertMarkets {
  /** The market as the profile's venue lists it; undefined when it is not listed. */
  marketOf(profileId: string, module: Module, symbol: string): Promise<SpotSymbolView | ContractView | undefined>
  close(): void
}

export function contractMarkets(server: TerminalCore['server']): AlertMarkets {
  let toClient: Parameters<Parameters<typeof createContractClient>[0]['onMessage']>[0] = () => undefined
  const conn = server.connect((m) => toClient(m), { connectionId: 'desktop-alert-notification' })
  const client = createContractClient<TerminalContract>({
    send: (m) => conn.receive(m),
    onMessage: (h) => (toClient = h)
  })
  return {
    async marketOf(profileId, module, symbol) {
      if (module === 'futures')
        return (await client.invoke('market.contracts', { profileId })).find((c) => c.symbol === symbol)
      return (await client.invoke('market.symbols', { profileId })).find((s) => s.symbol === symbol)
    },
    close: () => conn.close()
  }
}

// Spot symbols and futures contracts of each profile's venue, cached: the trading service checks every order
// against them, and they change rarely. A miss refreshes once (a symbol listed since the last read is found).
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import type { Priority } from '../client/types'
import { ServiceError } from './errors'
import type { ProfileRuntime, Venues } from './venues'

interface Entry<T> {
  at: number
  list: Promise<T[]>
}

export class Instruments {
  readonly #symbols = new Map<string, Entry<SpotSymbolView>>()
  readonly #contracts = new Map<string, Entry<ContractView>>()
  readonly #contractIds = new Map<string, Map<number, string>>()

  constructor(
    venues: Venues,
    private readonly ttlMs = 5 * 60_000
  ) {
    venues.onDrop((id) => this.forget(id))
  }

  forget(profileId: string): void {
    this.#symbols.delete(profileId)
    this.#contracts.delete(profileId)
    this.#contractIds.delete(profileId)
  }

  spotSymbols(rt: ProfileRuntime, priority: Priority = 'user', fresh = false): Promise<SpotSymbolView[]> {
    return this.#cached(
      this.#symbols,
      rt,
      fresh,
      async () => (await rt.client.call('spot.symbols', undefined, { priority })).symbols
    )
  }

  contracts(rt: ProfileRuntime, priority: Priority = 'user', fresh = false): Promise<ContractView[]> {
    return this.#cached(this.#contracts, rt, fresh, () => rt.client.call('futures.contracts', undefined, { priority }))
  }

  async spotSymbol(rt: ProfileRuntime, symbol: string): Promise<SpotSymbolView> {
    const find = (l: SpotSymbolView[]) => l.find((s) => s.symbol === symbol)
    const hit = find(await this.spotSymbols(rt)) ?? find(await this.spotSymbols(rt, 'user', true))
    if (!hit) throw new ServiceError('unknown-symbol', { key: 'main.notSpotSymbol', params: { symbol } }, 'symbol')
    return hit
  }

  async contract(rt: ProfileRuntime, name: string): Promise<ContractView> {
    const find = (l: ContractView[]) => l.find((c) => c.symbol === name)
    const hit = find(await this.contracts(rt)) ?? find(await this.contracts(rt, 'user', true))
    if (!hit)
      throw new ServiceError('unknown-symbol', { key: 'main.notFuturesContract', params: { symbol: name } }, 'symbol')
    return hit
  }

  /** Positions carry only a contract id; the account's position groups name it. Learned from every account read. */
  learnContractIds(rt: ProfileRuntime, groups: readonly { contractId: number; contractName: string }[]): void {
    let m = this.#contractIds.get(rt.profile.id)
    if (!m) this.#contractIds.set(rt.profile.id, (m = new Map()))
    for (const g of groups) m.set(g.contractId, g.contractName)
  }

  contractNameOf(rt: ProfileRuntime, contractId: number): string | undefined {
    return this.#contractIds.get(rt.profile.id)?.get(contractId)
  }

  #cached<T>(map: Map<string, Entry<T>>, rt: ProfileRuntime, fresh: boolean, load: () => Promise<T[]>): Promise<T[]> {
    const id = rt.profile.id
    const e = map.get(id)
    if (e && !fresh && Date.now() - e.at < this.ttlMs) return e.list
    const list = load()
    const entry = { at: Date.now(), list }
    map.set(id, entry)
    list.catch(() => map.get(id) === entry && map.delete(id)) // failures are not cached
    return list
  }
}

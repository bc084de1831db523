// Assembly step: the SimContext every part acts on, over the state as it is now (a restore replaces it).
import type { SimContext } from '../context'
import type { ExchangeState } from '../exchange-state'
import type { MarketDataHub } from '../market'
import type { OpenedState } from './state'

export function simContext(opened: OpenedState, hub: MarketDataHub, clock: () => number): SimContext {
  const state = (): ExchangeState => opened.state()
  return {
    get spot() {
      return state().spot
    },
    get futures() {
      return state().futures
    },
    hub,
    clock,
    commit: opened.commit as SimContext['commit']
  }
}

// Reads of the window's profile's records, paged by the tables that show them: own fills, futures order history,
// trigger orders, PnL, capital flow, ADL and liquidations, and the spot/margin order history main keeps. Each read
// names the profile it is for; an answer that arrives after the window switched to another profile is refused
// (ProfileSwitchedError), so a table can only ever be filled with the account it is shown under.
import { defineStore } from 'pinia'
import type { TerminalContract } from '@shared/ipc/contract'
import type { CommandNames, InputOf, OutputOf } from '@shared/ipc/contract-kit'
import { terminal } from '../services/terminal'
import { profileParam, shownProfileId } from './profile-scope'

type C = TerminalContract
/** The input without its profile (each member of a union on its own). */
type WithoutProfile<T> = T extends unknown ? Omit<T, 'profileId'> : never
type RecordRead =
  | 'account.trades'
  | 'account.orderHistory'
  | 'account.triggerOrders'
  | 'account.pnlHistory'
  | 'account.closingFills'
  | 'account.capitalFlow'
  | 'account.adl'
  | 'account.liquidations'
  | 'trading.orderHistory'

export class ProfileSwitchedError extends Error {
  constructor() {
    // eslint-disable-next-line local/no-bare-words -- for developers: the tables drop this error, it is never shown
    super('the window switched to another profile before the answer came')
    this.name = 'ProfileSwitchedError'
  }
}

export const useRecordsStore = defineStore('records', () => {
  async function read<K extends RecordRead & CommandNames<C>>(
    channel: K,
    input: WithoutProfile<InputOf<C, K>>
  ): Promise<OutputOf<C, K>> {
    const profileId = shownProfileId()
    const out = await terminal().invoke(channel, { ...profileParam(profileId), ...input } as InputOf<C, K>)
    if (profileId !== shownProfileId()) throw new ProfileSwitchedError()
    return out
  }
  return { read }
})

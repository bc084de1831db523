// A fake terminal client for component tests: answers commands from handlers, records every call, and lets a
// test push stream events. Unhandled commands reject, so a test sees any request it did not expect.
import { flushPromises } from '@vue/test-utils'
import type { TerminalContract } from '@shared/ipc/contract'
import type { ContractClient } from '@shared/ipc/contract-client'
import {
  ContractError,
  type CommandNames,
  type ContractErrorBody,
  type EventOf,
  type InputOf,
  type OutputOf,
  type StreamNames
} from '@shared/ipc/contract-kit'
import { setTerminalClient } from '../../../src-renderer/src/services/terminal'
import { actionIdStamper, streamStamper, type ActionIdsOptional, type Unstamped } from '../stream-stamp'

type C = TerminalContract
type Handlers = {
  [K in CommandNames<C>]?: (
    input: InputOf<C, K>
  ) => ActionIdsOptional<OutputOf<C, K>> | Promise<ActionIdsOptional<OutputOf<C, K>>>
}

export interface FakeClient {
  calls: { channel: string; input: unknown }[]
  /** Inputs of every call of one channel. */
  inputs<K extends CommandNames<C>>(channel: K): InputOf<C, K>[]
  /**
   * To every live subscriber of the channel, or only to those that subscribed with these params (compared as JSON);
   * stamped as main stamps it (stream-stamp.ts) where the event does not say.
   */
  emit<K extends StreamNames<C>>(channel: K, event: Unstamped<EventOf<C, K>>, params?: unknown): Promise<void>
  subscribed(channel: string): unknown[]
  handlers: Handlers
}

export function refuse(body: ContractErrorBody): never {
  throw new ContractError(body)
}

export function installFakeClient(handlers: Handlers = {}): FakeClient {
  const calls: FakeClient['calls'] = []
  /** Main's active profile as the test set it (profiles.onChange it emitted, profiles.setActive the UI called). */
  let active = 'p1'
  const stamper = streamStamper(() => active)
  const withIds = actionIdStamper()
  const streams: { channel: string; params: unknown; listener: (e: unknown) => void; live: boolean }[] = []
  const client: ContractClient<C> = {
    invoke(channel, input) {
      calls.push({ channel, input })
      if (channel === 'profiles.setActive') active = (input as { profileId: string }).profileId
      const h = fake.handlers[channel] as ((i: unknown) => unknown) | undefined
      if (!h)
        return Promise.reject(
          new ContractError({ code: 'unhandled', message: `fake client: no handler for ${channel}` })
        )
      try {
        return Promise.resolve(h(input)).then((out) => withIds(channel, out)) as never
      } catch (e) {
        return Promise.reject(e)
      }
    },
    subscribe(channel, params, listener) {
      const s = { channel, params, listener: listener as (e: unknown) => void, live: true }
      streams.push(s)
      return () => void (s.live = false)
    }
  }
  const fake: FakeClient = {
    calls,
    handlers,
    inputs: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.input) as never,
    async emit(channel, event, params) {
      const to = params === undefined ? undefined : JSON.stringify(params)
      if (channel === 'profiles.onChange')
        active = (event as unknown as { activeProfileId: string | null }).activeProfileId ?? active
      const n = stamper.next()
      for (const s of streams)
        if (s.live && s.channel === channel && (to === undefined || JSON.stringify(s.params) === to))
          s.listener(stamper.stamp(channel, event, s.params, n))
      await flushPromises()
    },
    subscribed: (channel) => streams.filter((s) => s.live && s.channel === channel).map((s) => s.params)
  }
  setTerminalClient(client)
  return fake
}

// A fake terminal client for the frame's component tests: commands answered by handlers (an unhandled one rejects
// with `unknown-channel`, so a test sees every request it did not expect), every call recorded, and streams a
// test drives: emit events to the live subscribers of a channel, or end them with an error. Preferences are answered by
// a fake main (fake-preferences.ts) unless a test answers them itself.
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
import { fakePreferences, type FakePreferences } from './fake-preferences'
import { actionIdStamper, streamStamper, type ActionIdsOptional, type Unstamped } from '../stream-stamp'

type C = TerminalContract
export type Handlers = {
  [K in CommandNames<C>]?: (
    input: InputOf<C, K>
  ) => ActionIdsOptional<OutputOf<C, K>> | Promise<ActionIdsOptional<OutputOf<C, K>>>
}

interface Sub {
  channel: string
  params: unknown
  listener: (e: never) => void
  onEnd?: ((e?: ContractError) => void) | undefined
  open: boolean
}

export function fakeTerminal(handlers: Handlers = {}, prefs: FakePreferences = fakePreferences()) {
  handlers['preferences.get'] ??= (i) => prefs.get(i)
  handlers['preferences.set'] ??= (i) => prefs.set(i)
  handlers['preferences.importLegacy'] ??= (i) => prefs.importLegacy(i)
  const calls: { channel: string; input: unknown }[] = []
  const subs: Sub[] = []
  /** Main's active profile as the test set it (profiles.onChange it emitted, profiles.setActive the UI called). */
  let active = 'p1'
  const stamper = streamStamper(() => active)
  const withIds = actionIdStamper()
  const client: ContractClient<C> = {
    invoke(channel, input) {
      calls.push({ channel, input })
      if (channel === 'profiles.setActive') active = (input as { profileId: string }).profileId
      const h = handlers[channel] as ((i: unknown) => unknown) | undefined
      if (!h) return Promise.reject(new ContractError({ code: 'unknown-channel', message: `no fake for ${channel}` }))
      try {
        return Promise.resolve(h(input)).then((out) => withIds(channel, out)) as never
      } catch (e) {
        return Promise.reject(e)
      }
    },
    subscribe(channel, params, listener, onEnd) {
      const sub: Sub = { channel, params, listener: listener as (e: never) => void, onEnd, open: true }
      subs.push(sub)
      if (channel === 'preferences.onChange') sub.listener(prefsOf(sub) as never) // main tells the values at once
      return () => void (sub.open = false)
    }
  }
  setTerminalClient(client)
  const live = (channel: string) => subs.filter((s) => s.open && s.channel === channel)
  const prefsOf = (sub: Sub) => prefs.view((sub.params as { profileId?: string }).profileId)
  prefs.listeners.add(() => live('preferences.onChange').forEach((s) => s.listener(prefsOf(s) as never)))
  return {
    client,
    /** Main's preferences. */
    prefs,
    calls,
    inputs: <K extends CommandNames<C>>(channel: K) =>
      calls.filter((c) => c.channel === channel).map((c) => c.input as InputOf<C, K>),
    /** Params of the open subscriptions of a channel. */
    subscribed: (channel: StreamNames<C>) => live(channel).map((s) => s.params),
    /** Stamped as main stamps it (stream-stamp.ts) where the event does not say. */
    emit<K extends StreamNames<C>>(
      channel: K,
      event: Unstamped<EventOf<C, K>>,
      where: (params: unknown) => boolean = () => true
    ): void {
      if (channel === 'profiles.onChange')
        active = (event as unknown as { activeProfileId: string | null }).activeProfileId ?? active
      const n = stamper.next()
      for (const s of live(channel))
        if (where(s.params)) s.listener(stamper.stamp(channel, event, s.params, n) as never)
    },
    end(channel: StreamNames<C>, error?: ContractErrorBody): void {
      for (const s of live(channel)) {
        s.open = false
        s.onEnd?.(error ? new ContractError(error) : undefined)
      }
    },
    handlers
  }
}
export type FakeTerminal = ReturnType<typeof fakeTerminal>

/** Runs queued animation frames (happy-dom's rAF is timer-based). */
export const nextFrame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()))

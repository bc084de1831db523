// A fake terminal client for the frame's component tests: commands answered by handlers (an unhandled one rejects
// with `unknown-channel`, so a test sees every request it did not expect), every call recorded, and streams a
// test drives: emit events to the live subscribers of a channel, or end them with an error. Preferences are answered by
// a fake main (fake-preferences.ts) unless a test answers them itself.
import type { TerminalContract } from '@shared/ipc/contract'
import type { ContractClient } from '@shared/ipc/contract-client'
import { ContractError, type CommandNames, type ContractErrorBody, type EventOf, type InputOf, type OutputOf, type StreamNames } from '@shared/ipc/contract-kit'
import { setTerminalClient } from '../../../src-renderer/src/services/terminal'
import { fakePreferences, type FakePreferences } from './fake-preferences'

type C = TerminalContract
export type Handlers = { [K in CommandNames<C>]?: (input: InputOf<C, K>) => OutputOf<C, K> | Promise<OutputOf<C, K>> }

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
  const client: ContractClient<C> = {
    invoke(channel, input) {
      calls.push({ channel, input })
      const h = handlers[channel] as ((i: unknown) => unknown) | undefined
      if (!h) return Promise.reject(new ContractError({ code: 'unknown-channel', message: `no fake for ${channel}` }))
      try {
        return Promise.resolve(h(input)) as never
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
    inputs: <K extends CommandNames<C>>(channel: K) => calls.filter((c) => c.channel === channel).map((c) => c.input as InputOf<C, K>),
    /** Params of the open subscriptions of a channel. */
    subscribed: (channel: StreamNames<C>) => live(channel).map((s) => s.params),
    emit<K extends StreamNames<C>>(channel: K, event: EventOf<C, K>, where: (params: unknown) => boolean = () => true): void {
      for (const s of live(channel)) if (where(s.params)) s.listener(event as never)
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

// Main's notification center for the dom tests (the renderer's typecheck cannot reach src-main, so this is a small
// stand-in of src-main/notices/notices-service.ts, whose own behaviour its unit and integration tests cover): per
// profile, newest first, read and cleared up to an id, news under a key listed once. Inputs are checked with the
// contract's own schemas; the stream is stamped per profile as main stamps it, and its events arrive after the call,
// as over a transport. Every other channel goes to the wrapped fake.
import { terminalContract, type TerminalContract } from '@shared/ipc/contract'
import type { ContractClient } from '@shared/ipc/contract-client'
import { ContractError, type ContractErrorBody } from '@shared/ipc/contract-kit'
import { countsAsUnread, type AddNoticeInput } from '@shared/ipc/schemas/notices'
import { invalidInput } from '@shared/ipc/schemas/field-rule'
import type { AlertFireView } from '@shared/ipc/views/alerts'
import type { NoticeKind, NoticeSubject, NoticeView, NoticesView } from '@shared/ipc/views/notices'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import { setTerminalClient } from '../../src-renderer/src/services/terminal'

type C = TerminalContract

/** Main's lists, as the tests drive and read them. */
export class FakeNoticesService {
  readonly #lists = new Map<string, (NoticeView & { key: string | null })[]>()
  readonly #listeners = new Set<(profileId: string) => void>()
  #n = 0

  list(profileId: string): NoticesView {
    const notices = [...(this.#lists.get(profileId) ?? [])].reverse().map(({ key: _, ...v }) => v)
    return { notices, unread: notices.filter((x) => x.unread).length }
  }
  onChange(fn: (profileId: string) => void): () => void {
    this.#listeners.add(fn)
    return () => this.#listeners.delete(fn)
  }
  told(profileId: string, t: Omit<AddNoticeInput, 'profileId'>): void {
    const subject: NoticeSubject = { type: 'told', title: t.title, text: t.text, code: t.code ?? null }
    this.#add(profileId, t.kind, subject, t.key ?? null, countsAsUnread(t.kind, t.news))
  }
  alertFired(profileId: string, fire: AlertFireView): void {
    this.#add(profileId, 'warn', { type: 'alert', fire }, null)
  }
  sawOrders(profileId: string, orders: OrderHistoryEntryView[]): void {
    for (const order of orders) this.#add(profileId, 'fill', { type: 'order', order }, null)
  }
  markRead(profileId: string, upTo: string): void {
    for (const x of this.#lists.get(profileId) ?? []) if (Number(x.id) <= Number(upTo)) x.unread = false
    this.#changed(profileId)
  }
  clear(profileId: string, upTo: string): void {
    this.#lists.set(
      profileId,
      (this.#lists.get(profileId) ?? []).filter((x) => Number(x.id) > Number(upTo))
    )
    this.#changed(profileId)
  }
  #add(profileId: string, kind: NoticeKind, subject: NoticeSubject, key: string | null, news = true): void {
    const list = this.#lists.get(profileId) ?? []
    this.#lists.set(profileId, list)
    if (key !== null && list.some((x) => x.key === key)) return
    list.push({ id: String(++this.#n), at: Date.now(), kind, count: 1, unread: news, subject, key })
    this.#changed(profileId)
  }
  #changed(profileId: string): void {
    for (const l of [...this.#listeners]) l(profileId)
  }
}

export interface MainNotices {
  service: FakeNoticesService
  /** The notices.* calls the window made. */
  calls: { channel: string; input: unknown }[]
  /** Ends every open notices.onChange subscription with this error (main refused or failed it). */
  end(error: ContractErrorBody): void
}

/** Wraps the client the test set and sets the wrapped one. `active`: main's active profile. */
export function withMainNotices(client: ContractClient<C>, active: () => string): MainNotices {
  const service = new FakeNoticesService()
  const calls: MainNotices['calls'] = []
  let seq = 0
  const ends = new Set<(e: ContractErrorBody) => void>()
  const later = (fn: () => void): void => void Promise.resolve().then(fn)
  const wrapped: ContractClient<C> = {
    invoke(channel, input) {
      if (!channel.startsWith('notices.')) return client.invoke(channel, input)
      calls.push({ channel, input })
      const spec = terminalContract[channel]
      const parsed = spec.kind === 'command' ? spec.input.safeParse(input) : null
      if (!parsed?.success) return Promise.reject(new ContractError(invalidInput(parsed!.error!, channel)))
      const i = parsed.data as { profileId?: string; upTo?: string }
      const id = i.profileId ?? active()
      if (channel === 'notices.list') return Promise.resolve(service.list(id)) as never
      if (channel === 'notices.add') {
        const { profileId: _, ...told } = parsed.data as AddNoticeInput
        service.told(id, told)
      } else if (channel === 'notices.markRead') service.markRead(id, i.upTo!)
      else if (channel === 'notices.clear') service.clear(id, i.upTo!)
      return Promise.resolve({ ok: true }) as never
    },
    subscribe(channel, params, listener, onEnd) {
      if (channel !== 'notices.onChange') return client.subscribe(channel, params, listener, onEnd)
      const id = (params as { profileId?: string }).profileId ?? active()
      let open = true
      const tell = (): void =>
        later(() => open && listener({ ...service.list(id), profileId: id, seq: ++seq } as never))
      const stop = service.onChange((changed) => changed === id && tell())
      tell()
      const close = (): void => {
        open = false
        stop()
        ends.delete(end)
      }
      const end = (e: ContractErrorBody): void => {
        close()
        onEnd?.(new ContractError(e))
      }
      ends.add(end)
      return close
    }
  }
  setTerminalClient(wrapped)
  return { service, calls, end: (e) => [...ends].forEach((f) => f(e)) }
}

// What a state machine may ask the engine to do (`Step`), and the sums and words every kind's machine shares.
import { add, compare, sub } from '@shared/decimal'
import type { Words } from '@shared/i18n/words'
import { linking } from '../orders/said'
import type { Algo, AlgoSide, ChildOrder } from './types'

export type NewChild = Omit<ChildOrder, 'clientOrderId' | 'state' | 'filled' | 'at' | 'cancelled'>

export type Step =
  | { do: 'reconcile-place'; child: ChildOrder }
  | { do: 'reconcile-cancel'; child: ChildOrder }
  | { do: 'place'; child: NewChild }
  /** Several children in one batch (at most the venue's limit), each written down before it is sent. */
  | { do: 'place-batch'; children: NewChild[] }
  | { do: 'cancel'; child: ChildOrder }
  | { do: 'end'; state: 'done' | 'cancelled' | 'failed'; reason: Words }
  /** Journals what the machine learned (a chase's anchor). */
  | { do: 'note'; patch: Pick<Algo, 'anchor'> }
  | { do: 'fail'; reason: Words }
  /** Nothing to send now: waiting for the trigger, a fill, a time, or the user (`next` says which, in words). */
  | { do: 'wait'; next: Words }

/** What a machine may know besides the journal: the time, and the best prices of the book when read. */
export interface DecideContext {
  now: number
  /** A chase's book, as last read (undefined before the first read). */
  book?: BestPrices | undefined
}

/** The best prices of a book (null: that side is empty). */
export interface BestPrices {
  bid: string | null
  ask: string | null
}

export const w = (key: string, params: Record<string, string | number> = {}): Words => ({ key, params })

export const sumFilled = (children: readonly ChildOrder[]): string => children.reduce((s, c) => add(s, c.filled), '0')
/** What the algorithm bought or sold for its own side (a bracket's exits, the other side, are not counted). */
export const filledOf = (a: Algo): string => sumFilled(a.children.filter((c) => c.side === a.spec.side))
export const remainingOf = (a: Algo): string => sub(a.spec.quantity, filledOf(a))
export const isFilled = (a: Algo): boolean => compare(filledOf(a), a.spec.quantity) >= 0

export const opposite = (s: AlgoSide): AlgoSide => (s === 'BUY' ? 'SELL' : 'BUY')

/** A child the venue shows ended, not filled, and not by the algorithm's own cancel. */
export const endedOutside = (c: ChildOrder): boolean =>
  c.state === 'final' && c.status !== 'FILLED' && c.cancelled !== true

export const notPlaced = (c: ChildOrder): Words =>
  linking(w('algos.reason.notPlaced', { role: c.role }), 'cause', c.error ?? { key: 'main.verdict.noSuchOrder' })

export const outsideWords = (c: ChildOrder): Words => w('algos.reason.endedOutside', { status: c.status ?? '?' })

/** A time of today in words: the machine's local 24-hour clock (main and its windows run on the same machine). */
export const clock = (ms: number): string => new Date(ms).toLocaleTimeString('en-GB', { hour12: false })

export const done: Step = { do: 'end', state: 'done', reason: w('algos.reason.filled') }

// The notification center as main keeps it (src-main/notices): per profile, the newest entries first, each with its
// time and whether the user has read it. One list for every window and run: read or cleared in one window is read
// or cleared in all. What an entry tells is either the words a window told (an error, a refusal, a futures fill,
// in that window's language) or what main saw (an alert fire, a spot or margin order's fill), which each window
// words in its own language.
import type { AlertFireView } from './alerts'
import type { IdText, Millis } from './common'
import type { OrderHistoryEntryView } from './trading'

export type NoticeKind = 'fill' | 'error' | 'warn' | 'info'

export type NoticeSubject =
  /** Words a window told (its toast's title, text and code). */
  | { type: 'told'; title: string; text: string; code: string | null }
  /** A price alert that fired (told by main, with every window closed too). */
  | { type: 'alert'; fire: AlertFireView }
  /** A spot or margin order's fill or end as main's order history recorded it. */
  | { type: 'order'; order: OrderHistoryEntryView }

export interface NoticeView {
  /** Grows with every entry (a repeat counted on an entry gives it a new id: it is news again). */
  id: IdText
  at: Millis
  kind: NoticeKind
  /** The same words told again at once (a failing call retried) are counted on one entry. */
  count: number
  unread: boolean
  subject: NoticeSubject
}

/** notices.list and notices.onChange: the profile's whole list (bounded), newest first. */
export interface NoticesView {
  notices: NoticeView[]
  unread: number
}

// Inputs of the notification center's channels (notices.*): what a window tells main to list (its words, bounded in
// length), and which entries it read or cleared: those up to the newest it showed, so one that arrived meanwhile
// stays unread and listed.
import { z } from 'zod'
import { idText, obj, withProfile } from './common'
import { rule } from './field-rule'

const NOTICE_KINDS = ['fill', 'error', 'warn', 'info'] as const

const text = (max: number) => z.string(rule('string')).max(max, rule('maxChars', { max }))

export const noticesOfProfile = obj(withProfile)

export const addNoticeInput = obj({
  ...withProfile,
  kind: z.enum(NOTICE_KINDS, rule('oneOf', { values: NOTICE_KINDS.join(', ') })),
  title: text(300).min(1, rule('notEmpty')),
  text: text(2000),
  code: text(200).nullable().optional(),
  /** What the news is about (a futures order's fill): told again under the same key, it is listed once. */
  key: text(200).min(1, rule('notEmpty')).optional(),
  /** Whether a trader must see it (counted unread): by default every kind but `info` (countsAsUnread). */
  news: z.boolean(rule('boolean')).optional()
})
export type AddNoticeInput = z.output<typeof addNoticeInput>

/**
 * Only news a trader must see counts as unread: fills, alert fires, errors, warnings (a refusal, an order not
 * placed), and what a window marks as news (an order's verdict). The terminal's own chatter (`info`: "Now on profile
 * …", "Layout saved") is listed, read.
 */
export const countsAsUnread = (kind: (typeof NOTICE_KINDS)[number], news?: boolean): boolean => news ?? kind !== 'info'

export const markNoticesInput = obj({ ...withProfile, upTo: idText })
export const clearNoticesInput = obj({ ...withProfile, upTo: idText })

// Price alerts as main shows them (src-main/services/alert-service.ts): each belongs to one profile and one market,
// prices are exact decimal text, times ms. The stream sends the profile's whole list on every change (a list is
// short), with the fires of that change, so a window needs no merge.
import type { Module } from '../../module'
import type { DecimalText, IdText, Millis } from './common'

/** Which price an alert follows: the last trade (ticker), or a futures contract's mark or index price. */
export type AlertSource = 'last' | 'mark' | 'index'
export type AlertDirection = 'up' | 'down' | 'either'
export type ChannelEvent = 'enter' | 'leave' | 'either'
/** once: fires one time, then stays fired; every: fires again each time the condition is met anew. */
export type AlertRepeat = 'once' | 'every'

export type AlertRuleView =
  | { kind: 'cross'; level: DecimalText; direction: AlertDirection }
  | { kind: 'move'; percent: DecimalText; windowMinutes: number; direction: AlertDirection }
  | { kind: 'channel'; low: DecimalText; high: DecimalText; on: ChannelEvent }

/**
 * armed: evaluated on every fresh price; paused: by the user; fired: a `once` alert that has fired;
 * not-evaluating: armed, but its price feed is down or has sent nothing yet (nothing fires from stale data).
 */
export type AlertState = 'armed' | 'paused' | 'fired' | 'not-evaluating'

export interface AlertView {
  id: IdText
  profileId: IdText
  module: Module
  symbol: string
  source: AlertSource
  rule: AlertRuleView
  repeat: AlertRepeat
  state: AlertState
  createdAt: Millis
  /** The last fire: when and at what price (kept across restarts). */
  firedAt: Millis | null
  firedPrice: DecimalText | null
  fires: number
}

export interface AlertFireView {
  alertId: IdText
  module: Module
  symbol: string
  source: AlertSource
  rule: AlertRuleView
  at: Millis
  price: DecimalText
}

/** alerts.onChange: the profile's alerts now, and the fires that made this change (none for an edit). */
export interface AlertsEventView {
  alerts: AlertView[]
  fired: AlertFireView[]
  /**
   * On the first event of a subscription only: fires of this run no window of the profile heard (every window
   * closed, or showing another profile), oldest first, for the notification center.
   */
  missed?: AlertFireView[]
}

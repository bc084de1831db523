// Conventions of every view (what a command returns or a stream emits): plain JSON, money as exact decimal text,
// ids as strings, times as ms numbers. Views never carry a secret; the masked SecretStatus is the only view of keys.
export type DecimalText = string
export type IdText = string
export type Millis = number

export interface OkView {
  ok: true
}

/**
 * What main stamps on every event of a per-profile trading or account stream: whose data it is, and its place in
 * that profile's stream. `seq` only increases, per profile and stream, for the whole run of main (never restarted
 * by a new subscription), so a window keeps the last one it applied across resubscriptions and drops anything older
 * or equal: a late event of an ended subscription can never overwrite a newer one.
 */
export interface StreamStamp {
  profileId: IdText
  seq: number
}
export type Sequenced<T> = T & StreamStamp

/** A command's action: its events on trading.onOrderEvents carry the same id. */
export interface ActionRefView {
  actionId: IdText
}
export type ActionAckView = OkView & ActionRefView

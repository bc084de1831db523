// Conventions of every view (what a command returns or a stream emits): plain JSON, money as exact decimal text,
// ids as strings, times as ms numbers. Views never carry a secret; the masked SecretStatus is the only view of keys.
export type DecimalText = string
export type IdText = string
export type Millis = number
export type TradeModule = 'spot' | 'margin' | 'futures'
export type MarketModule = 'spot' | 'futures'

export interface OkView {
  ok: true
}

// Parameter types derived from the catalog by endpoint id, from the same ParamDefs the run-time validators read, so
// a caller, a handler and the catalog cannot disagree: ParamsOf<'spot.order.place'> is what the client takes,
// ValidatedParamsOf<'spot.order.place'> what the embedded exchange's validation hands its handler. The response
// side is ResponseOf (./catalog.ts, the wire type) and Written (./wire/common.ts, what a server may write for it).
import type { EntryOf, EndpointId } from './catalog'
import type { DecimalString, Id } from './wire/common'
import type { ParamType } from './types'

/** The facts of a parameter the types below read (a catalog ParamDef with its literal types kept). */
interface ParamFacts {
  readonly name: string
  readonly type: ParamType
  readonly required: boolean
  readonly in: string
}

/** '1' | '2' -> 1 | 2: integer codes the catalog lists as text. */
type Codes<V> = V extends `${infer N extends number}` ? N : never

/** Flattens an intersection so editors and errors show one object. */
type Flat<T> = { [K in keyof T]: T[K] }

// ---- what a caller sends (the client validates it against the catalog before anything leaves) ----

/** Scalars as a caller writes them: decimals as exact text, ids as digit strings, whole numbers as numbers. */
interface InputScalar {
  string: string
  decimal: DecimalString
  integer: number
  /** A number, or its digits as text beyond 2^53. */
  long: number | string
  boolean: boolean
  id: Id
  enum: string
  array: readonly unknown[]
  object: Readonly<Record<string, unknown>>
}

type InputValue<D> = D extends { readonly type: 'enum'; readonly values: readonly (infer V)[] }
  ? V
  : D extends { readonly type: 'integer'; readonly values: readonly (infer V)[] }
    ? Codes<V>
    : D extends { readonly type: 'array' | 'object'; readonly fields: readonly (infer F)[] }
      ? D extends { readonly type: 'array' }
        ? readonly InputObject<F>[]
        : InputObject<F>
      : D extends { readonly type: 'array'; readonly items: infer T extends ParamType }
        ? readonly InputScalar[T][]
        : D extends { readonly type: infer T extends ParamType }
          ? InputScalar[T]
          : never

/** Left out by a caller: optional, or required unless another parameter is given (orderId or newClientOrderId). */
type InputOptional<D> = D extends { readonly required: true } ? (D extends { requiredUnless: string } ? D : never) : D

type InputObject<D> = Flat<
  { [P in Exclude<D, InputOptional<D>> as P extends ParamFacts ? P['name'] : never]: InputValue<P> } & {
    [P in InputOptional<D> as P extends ParamFacts ? P['name'] : never]?: InputValue<P>
  }
>

// ---- what a handler of the embedded exchange receives (src-sim/http/params.ts: validated, defaults filled) ----

/** Scalars after validation: decimals and longs as exact text, integers as safe numbers, ids as digit text. */
interface ValidScalar {
  string: string
  decimal: DecimalString
  integer: number
  long: string
  boolean: boolean
  id: Id
  enum: string
  array: unknown[]
  object: Record<string, unknown>
}

type ValidValue<D> = D extends { readonly type: 'enum'; readonly values: readonly (infer V)[] }
  ? V
  : D extends { readonly type: 'integer'; readonly values: readonly (infer V)[] }
    ? Codes<V>
    : D extends { readonly type: 'array' | 'object'; readonly fields: readonly (infer F)[] }
      ? D extends { readonly type: 'array' }
        ? ValidObject<F>[]
        : ValidObject<F>
      : D extends { readonly type: 'array'; readonly items: infer T extends ParamType }
        ? ValidScalar[T][]
        : D extends { readonly type: infer T extends ParamType }
          ? ValidScalar[T]
          : never

/** Present after validation: required (and not waived by another parameter), or filled from its default. */
type ValidPresent<D> = D extends { readonly default: unknown }
  ? D
  : D extends { readonly required: true }
    ? D extends { requiredUnless: string }
      ? never
      : D
    : never

type ValidObject<D> = Flat<
  { [P in ValidPresent<D> as P extends ParamFacts ? P['name'] : never]: ValidValue<P> } & {
    [P in Exclude<D, ValidPresent<D>> as P extends ParamFacts ? P['name'] : never]?: ValidValue<P>
  }
>

type ParamOf<I extends EndpointId> = EntryOf<I>['params'][number]

/** What a caller passes for endpoint I: the client's `call(id, params)` and its method (`spotOrderPlace`). */
export type ParamsOf<I extends EndpointId> = I extends EndpointId ? InputObject<ParamOf<I>> : never

/**
 * What the embedded exchange's handler of I receives: the query or body after catalog validation, defaults filled in.
 * Header parameters (brokerId) are read by the front, not passed on.
 */
export type ValidatedParamsOf<I extends EndpointId> = I extends EndpointId
  ? ValidObject<Exclude<ParamOf<I>, { readonly in: 'header' }>>
  : never

/** True when every parameter of I may be left out (the params argument is then optional). */
export type ParamsOptional<I extends EndpointId> = Record<never, never> extends ParamsOf<I> ? true : false

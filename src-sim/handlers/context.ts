// What a handler of the embedded exchange works with, typed by catalog id: the request's validated parameters
// (ValidatedParamsOf) and the answer's wire type (ResponseOf, as Written by the exchange).
import type { EndpointId, ResponseOf } from '@shared/api/catalog'
import type { ValidatedParamsOf } from '@shared/api/typed'
import type { Written } from '@shared/api/wire'
import type { Handler, HandlerContext } from '../http/server'

/** What handlers work with, defined with the exchange (../context.ts). */
export type { SimContext } from '../context'

/** A request as the handler of endpoint I sees it: the query or body validated against I's catalog entry. */
export type RequestOf<I extends EndpointId> = Omit<HandlerContext, 'params'> & { params: ValidatedParamsOf<I> }

/** What the handler of I answers: I's wire response type (ResponseOf) as the exchange writes it. */
export type AnswerOf<I extends EndpointId> = Written<ResponseOf<I>>

export type EndpointHandler<I extends EndpointId> = (req: RequestOf<I>) => AnswerOf<I> | Promise<AnswerOf<I>>

/** Every endpoint's handler under its catalog id: an id left out, or one the catalog lacks, fails to compile. */
export type HandlerTable = { [I in EndpointId]: EndpointHandler<I> }

type HandlerPart = Partial<HandlerTable>

/**
 * One area's handlers, each typed by its catalog id (an id the catalog does not know is refused), and each also the
 * front's untyped Handler: the front calls a handler only with the request's parameters validated against that id's
 * catalog entry (http/params.ts), the shape RequestOf states.
 */
export function handlersOf<T extends HandlerPart>(
  part: T & Record<Exclude<keyof T, EndpointId>, never>
): { [K in keyof T]: T[K] & Handler } {
  return part as { [K in keyof T]: T[K] & Handler }
}

export function accountOf(req: Pick<HandlerContext, 'credential' | 'def'>): string {
  const c = req.credential
  if (!c) throw new Error(`${req.def.id} reached a handler without a credential`)
  return c.accountId
}

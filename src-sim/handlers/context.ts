import type { HandlerContext } from '../http/server'

/** What handlers work with, defined with the exchange (../context.ts). */
export type { SimContext } from '../context'

export type HandlerTable = Record<string, (req: HandlerContext) => unknown>

/** An optional parameter as text (ids and decimals arrive as text or JSON numbers). */
export const optionalText = (v: unknown): string | undefined => (v === undefined ? undefined : String(v))

export function accountOf(req: HandlerContext): string {
  const c = req.credential
  if (!c) throw new Error(`${req.def.id} reached a handler without a credential`)
  return c.accountId
}

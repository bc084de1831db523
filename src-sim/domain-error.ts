// A refusal by the exchange's rules: the family's error code and words, no HTTP status. Domain code (spot, margin,
// futures, the control API's bodies) throws it before anything changes; the HTTP front gives it the status of the
// error table (http/error-answer.ts), the one place a refusal meets HTTP.
import { ERR, type ApiErrorName } from '@shared/api/errors'

export class DomainError extends Error {
  constructor(
    readonly code: number,
    msg: string
  ) {
    super(msg)
    this.name = 'DomainError'
  }
}

/** Throws the refusal the error table names (`refuse('BAD_SYMBOL', ...)` is code -1121). */
export function refuse(name: ApiErrorName, msg: string): never {
  throw new DomainError(ERR[name], msg)
}

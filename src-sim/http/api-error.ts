// The HTTP front's own refusals: a domain error with what only HTTP has, a status off the table (an unknown path's
// 404, an oversized body's 413) or extra headers (Retry-After). Thrown only by http/ and handlers/
// (test/unit/architecture/import-boundaries.test.ts); domain code throws DomainError.
import { ERR, errorByCode, type ApiErrorName } from '@shared/api/errors'
import { DomainError } from '../domain-error'

/** The HTTP status of a code: the error table's, 500 for a code it does not hold. */
export const statusOfCode = (code: number): number => errorByCode(code)?.httpStatus ?? 500

/** An error answered to the client as `{code, msg}` with the HTTP status of the error table unless given. */
export class ApiError extends DomainError {
  readonly status: number
  constructor(
    code: number,
    msg: string,
    readonly headers: Record<string, string> = {},
    status?: number
  ) {
    super(code, msg)
    this.name = 'ApiError'
    this.status = status ?? statusOfCode(code)
  }
}

export function apiFail(name: ApiErrorName, msg: string, headers?: Record<string, string>): never {
  throw new ApiError(ERR[name], msg, headers)
}

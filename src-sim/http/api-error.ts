import { ERR, errorByCode, type ApiErrorName } from '@shared/api/errors'

/** An error answered to the client as `{code, msg}` with the HTTP status of the error table. */
export class ApiError extends Error {
  readonly status: number
  constructor(
    readonly code: number,
    msg: string,
    readonly headers: Record<string, string> = {},
    status?: number
  ) {
    super(msg)
    this.name = 'ApiError'
    this.status = status ?? errorByCode(code)?.httpStatus ?? 500
  }
}

export function apiFail(name: ApiErrorName, msg: string, headers?: Record<string, string>): never {
  throw new ApiError(ERR[name], msg, headers)
}

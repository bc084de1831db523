// The one place a refusal meets HTTP: a domain error gets the status of the error table
// (src-shared/api/errors.ts, docs/spec/api-family-notes.md "Errors"), an ApiError keeps its own status and headers,
// and anything else is a fault, answered -1000 without its details.
import type { DomainError } from '../domain-error'
import { ApiError, statusOfCode } from './api-error'

/** An error's HTTP answer before a flavor shapes it: status, the `{code, msg}` body's fields, extra headers. */
export interface ErrorAnswer {
  status: number
  code: number
  msg: string
  headers: Readonly<Record<string, string>>
}

export function errorAnswer(err: DomainError): ErrorAnswer {
  if (err instanceof ApiError) return { status: err.status, code: err.code, msg: err.message, headers: err.headers }
  return { status: statusOfCode(err.code), code: err.code, msg: err.message, headers: {} }
}

/** A fault's answer (a bug, not a refusal): code -1000, status 500, the given words only. */
export const faultAnswer = (msg: string): ErrorAnswer => ({ status: 500, code: -1000, msg, headers: {} })

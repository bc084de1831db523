// What the UI sees of a failure: the services' errorBody (codes, the venue's code and HTTP status, the catalog
// endpoint, a message written without secrets), scrubbed once more. An unexpected error is shown as 'internal'
// and logged with its name and message (scrubbed), never with a payload; every refusal is logged by its code.
import type { ContractErrorBody } from '@shared/ipc/contract-kit'
import { errorBody } from '../services/errors'
import type { Log, Redactor } from './redactor'

export function createMapError(redactor: Redactor, log: Log): (e: unknown) => ContractErrorBody {
  return (e) => {
    const body = errorBody(e)
    if (body.code === 'internal') log(`internal error: ${e instanceof Error ? `${e.name}: ${e.message}` : typeof e}`)
    const out: ContractErrorBody = { ...body, message: redactor.scrub(body.message) }
    if (body.field !== undefined) out.field = redactor.scrub(body.field)
    if (body.code !== 'internal') log(`refused (${out.code}${out.field ? ` ${out.field}` : ''}): ${out.message}`)
    return out
  }
}

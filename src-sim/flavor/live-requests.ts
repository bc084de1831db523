// `--flavor live`: requests live venues of this family answer although the spec refuses them, so clients written
// against live venues (ccxt's class) work unmodified.
import type { EndpointDef } from '@shared/api/types'
import { JsonNumber, type LosslessValue } from '@shared/json/lossless-json'
import type { RequestRules } from '../http/server'

type Obj = { [key: string]: LosslessValue }
const isObj = (v: LosslessValue): v is Obj =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JsonNumber)

/** Some venues number stop-loss 1 and take-profit 2 (api-family-notes.md); the spec's 3 and 4 are kept as sent. */
const SPEC_TRIGGER_TYPE: Record<string, string> = { '1': '3', '2': '4' }

/** `o` with its triggerType in the spec's numbering, in the form it came (JSON number or text). */
function specTriggerType(o: LosslessValue): LosslessValue {
  if (!isObj(o)) return o
  const v = o['triggerType']
  const text = v instanceof JsonNumber ? v.text : typeof v === 'string' ? v.trim() : undefined
  const mapped = text === undefined ? undefined : SPEC_TRIGGER_TYPE[text]
  if (mapped === undefined) return o
  return { ...o, triggerType: v instanceof JsonNumber ? new JsonNumber(mapped) : mapped }
}

export const liveRequests: RequestRules = {
  // ccxt's class sends Content-Type on POST only, and live venues answer its signed GETs.
  bareSignedGet: true,
  input(def: EndpointDef, input: LosslessValue): LosslessValue {
    if (def.id === 'futures.conditionOrder.place') return specTriggerType(input)
    if (def.id === 'futures.profitLossOrder.place' && isObj(input) && Array.isArray(input['orderList'])) {
      return { ...input, orderList: input['orderList'].map(specTriggerType) }
    }
    return input
  }
}

// `--flavor live`: requests live venues of this family answer although the spec refuses them, so clients written
// against live venues (ccxt's class) work unmodified.
import type { RequestRules } from '../http/server'

export const liveRequests: RequestRules = {
  // ccxt's class sends Content-Type on POST only, and live venues answer its signed GETs.
  bareSignedGet: true
}

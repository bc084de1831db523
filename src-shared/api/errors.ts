// Error codes of the API family (docs/spec/api-family-notes.md "Errors") with the HTTP status the embedded exchange
// answers them with: 400 bad input, 401 key / signature / timestamp, 404 unknown order, 429 rate limit,
// 500 unknown (real faults only). An unknown path is answered 404 as well; it has no code of its own.

/** Error body: `{"code": <int>, "msg": "<English text>"}`. Live venues may send code as a string (see notes). */
export interface ApiErrorBody {
  code: number
  msg: string
}

export interface ErrorCodeDef {
  code: number
  name: string
  meaning: string
  httpStatus: 400 | 401 | 404 | 429 | 500
}

export const ERROR_CODES = [
  { code: -1000, name: 'UNKNOWN', meaning: 'unknown error while processing', httpStatus: 500 },
  { code: -1002, name: 'UNAUTHORIZED', meaning: 'unauthorized: API key missing or unknown', httpStatus: 401 },
  { code: -1003, name: 'TOO_MANY_REQUESTS', meaning: 'too many requests', httpStatus: 429 },
  {
    code: -1017,
    name: 'ILLEGAL_CONTENT_TYPE',
    meaning: 'Content-Type is not application/json on a signed request',
    httpStatus: 400
  },
  {
    code: -1021,
    name: 'INVALID_TIMESTAMP',
    meaning: 'timestamp outside the window (older than 5000 ms or recvWindow, or more than 5000 ms ahead)',
    httpStatus: 401
  },
  { code: -1022, name: 'INVALID_SIGNATURE', meaning: 'signature is not valid', httpStatus: 401 },
  { code: -1023, name: 'TIMESTAMP_MISSING', meaning: 'X-CH-TS missing or empty', httpStatus: 401 },
  { code: -1024, name: 'SIGNATURE_MISSING', meaning: 'X-CH-SIGN missing', httpStatus: 401 },
  { code: -1100, name: 'ILLEGAL_CHARS', meaning: 'illegal characters in a parameter', httpStatus: 400 },
  { code: -1101, name: 'TOO_MANY_PARAMETERS', meaning: 'too many parameters', httpStatus: 400 },
  { code: -1102, name: 'MANDATORY_PARAM', meaning: 'mandatory parameter missing, empty or malformed', httpStatus: 400 },
  { code: -1103, name: 'UNKNOWN_PARAM', meaning: 'unknown parameter', httpStatus: 400 },
  { code: -1111, name: 'BAD_PRECISION', meaning: "precision over the symbol's allowed decimals", httpStatus: 400 },
  { code: -1116, name: 'INVALID_ORDER_TYPE', meaning: 'invalid order type', httpStatus: 400 },
  { code: -1117, name: 'INVALID_SIDE', meaning: 'invalid side', httpStatus: 400 },
  { code: -1121, name: 'BAD_SYMBOL', meaning: 'invalid symbol or contract', httpStatus: 400 },
  { code: -1136, name: 'VOLUME_TOO_SMALL', meaning: 'order volume below the minimum', httpStatus: 400 },
  { code: -1138, name: 'PRICE_DEVIATION', meaning: 'price deviates too far from the last price', httpStatus: 400 },
  { code: -1145, name: 'CANCEL_NOT_ALLOWED', meaning: 'order status does not allow cancellation', httpStatus: 400 },
  { code: -2013, name: 'NO_SUCH_ORDER', meaning: 'order does not exist', httpStatus: 404 },
  { code: -2015, name: 'REJECTED_API_KEY', meaning: 'API key rejected (bad format, permissions)', httpStatus: 401 },
  { code: -2016, name: 'TRADING_FROZEN', meaning: 'trading frozen for this account', httpStatus: 400 },
  { code: -2017, name: 'INSUFFICIENT_BALANCE', meaning: 'insufficient balance', httpStatus: 400 }
] as const satisfies readonly ErrorCodeDef[]

export type ApiErrorName = (typeof ERROR_CODES)[number]['name']
export type ApiErrorCode = (typeof ERROR_CODES)[number]['code']

/** Code by name: `ERR.INVALID_TIMESTAMP` is -1021. */
export const ERR = Object.freeze(Object.fromEntries(ERROR_CODES.map((e) => [e.name, e.code]))) as {
  readonly [K in ApiErrorName]: Extract<(typeof ERROR_CODES)[number], { name: K }>['code']
}

const byCode = new Map<number, ErrorCodeDef>(ERROR_CODES.map((e) => [e.code, e]))

export function errorByCode(code: number): ErrorCodeDef | undefined {
  return byCode.get(code)
}

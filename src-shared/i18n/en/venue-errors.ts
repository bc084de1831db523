// The API family's error codes (docs/spec/api-family-notes.md "Errors"), in words; `e2017` is code -2017.
export const venueErrors = {
  withCode: '{message} (code {code})',
  asReceived: 'The exchange said: {message} (code {code})',
  saidToo: '{message}: the exchange said “{said}”',
  codes: {
    e1000: 'The exchange had an unknown error while processing the request',
    e1002: 'Not authorized: the API key is missing or unknown to the exchange',
    e1003: 'Too many requests: the exchange is limiting this key',
    e1017: 'A signed request must be sent as application/json',
    e1021: "The request's time is outside the exchange's window: check this computer's clock",
    e1022: 'The signature is not valid: check the API secret',
    e1023: 'The request has no time stamp (X-CH-TS)',
    e1024: 'The request has no signature (X-CH-SIGN)',
    e1100: 'A parameter has characters the exchange does not accept',
    e1101: 'Too many parameters',
    e1102: 'A required parameter is missing, empty or malformed',
    e1103: 'A parameter the exchange does not know',
    e1111: 'More decimals than the venue allows for this amount or price',
    e1116: 'Order type not valid',
    e1117: 'Side not valid',
    e1121: 'No such market or contract on this exchange',
    e1136: 'Order size below the minimum',
    e1138: 'Price too far from the last price',
    e1145: "The order's status does not allow cancelling it",
    e2013: 'No such order',
    e2015: 'API key rejected (wrong format or not permitted)',
    e2016: 'Trading is frozen for this account',
    e2017: 'Insufficient balance'
  }
}

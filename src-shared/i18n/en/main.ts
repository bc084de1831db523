// What main itself says: startup notices, refusals and errors of its services, the desktop menu and dialogs.
// Main sends a key and its values (src-shared/i18n/words.ts); the window tells them in its language. A message that
// embeds another (a verdict and the reason the venue could not tell) names it with a linked placeholder:
// `@:{reason}` is the message whose key main sends as `reason`, filled from the same values.
export const main = {
  noProfile: 'No profile is active: add or select an exchange profile first',
  internal: 'Internal error; see the log for details',
  /** A failure of the connection itself (ExchangeError kinds 'network' and 'timeout'), told without its codes. */
  transport: {
    network:
      'The exchange could not be reached (the connection failed or was refused): nothing reached it. Check that it is running and its address',
    timeout: 'The exchange did not answer in time; try again'
  },
  notSpotSymbol: '{symbol} is not a spot symbol of this exchange',
  notFuturesContract: '{symbol} is not a futures contract of this exchange',
  noRecentTrades: 'no recent trades of {symbol} arrived within {ms} ms',
  preferences: {
    notSaved: 'The preferences could not be saved ({error}); nothing was changed',
    notSavedUnknown: 'The preferences could not be saved (write failed); nothing was changed',
    keptAsideTitle: 'Some preferences could not be read',
    keptAside:
      'They are back to their defaults ({dropped}); everything else was kept. The file as it was is kept at {path}.'
  },
  profiles: {
    // `count`: the order actions without a verdict (it chooses the form).
    inFlightAddress:
      "{count} order action is still being sent or checked on this profile's exchange, so its exchange address cannot change yet: wait for the verdict. If that exchange is gone for good, add a new profile with the new address; this one keeps the record of that action until its exchange answers | {count} order actions are still being sent or checked on this profile's exchange, so its exchange address cannot change yet: wait for the verdicts. If that exchange is gone for good, add a new profile with the new address; this one keeps the record of those actions until its exchange answers",
    inFlightRemove:
      "{count} order action is still being sent or checked on this profile's exchange, so it cannot be removed yet: wait for the verdict. If that exchange is gone for good, add a new profile with the new address; this one keeps the record of that action until its exchange answers | {count} order actions are still being sent or checked on this profile's exchange, so it cannot be removed yet: wait for the verdicts. If that exchange is gone for good, add a new profile with the new address; this one keeps the record of those actions until its exchange answers",
    nameTaken: 'a profile named "{name}" already exists',
    embeddedExists: 'there is already an embedded exchange profile',
    notFound: 'No profile with id {id}',
    newerFile:
      '{file} has format version {version}, newer than this app understands ({supported}); update the app. The file was left untouched.'
  },
  // Keys typed by the user; `field` is one of `fields`.
  keys: {
    fields: { apiKey: 'The API key', apiSecret: 'The API secret', rsaPrivateKey: 'The RSA private key' },
    notText: '@:{field} must be a string',
    empty: '@:{field} must not be empty',
    tooLong: '@:{field} must be at most {max} characters',
    control: '@:{field} must not contain control characters',
    notAscii: '@:{field} must be printable ASCII without spaces',
    pemTooLong: '@:{field} is too long for a PEM private key',
    encrypted: '@:{field} is encrypted; export it without a passphrase',
    notPem: '@:{field} is not a PEM private key',
    notRsa: '@:{field} must be an RSA key, not {type}'
  },
  keychain: {
    unavailable:
      'The OS keychain is not available: {reason}. Secrets are never stored in plain text; start or unlock the system keyring (Secret Service such as gnome-keyring or KWallet on Linux, Keychain on macOS, Credential Manager on Windows) and try again.',
    entryUnreadable: 'The keychain entry for profile {id} is not readable; set the API keys again to replace it.'
  },
  credentials: {
    none: 'this profile has no API keys; add them in the profile settings',
    embeddedDown: 'the embedded exchange is not running'
  },
  transfer: {
    noKeys: 'this profile has no API keys',
    needsRsa: 'transfers are RSA-signed: add an RSA private key to this profile'
  },
  // The order gateway: a place or cancel that could not be sent or answered.
  order: {
    batchUnmatched: 'the answer lists {listed} of {total} orders',
    replaced: 'the order gateway was replaced before the answer came; the outcome is checked and told as a notice',
    unexpected: 'unexpected failure; the request may or may not have taken effect',
    closed: 'order gateway closed before the outcome was known',
    idUnread: "the order's id could not be read (@:{reason}); nothing was sent",
    notRecorded: 'the terminal could not record the action before sending it; nothing was sent',
    notRecordedSeeLog: 'the terminal could not record the action before sending it (see the log); nothing was sent',
    restarted: "the terminal stopped before this action's outcome was known; checking it on the venue",
    idUsed: 'this client order id was already used: a resend needs a new client order id',
    idHeld:
      'this client order id names an order whose outcome the venue would not tell (it may exist): check the venue; a new order needs a new client order id'
  },
  // What reconciliation found out about a place or cancel whose outcome was unknown.
  verdict: {
    placeUndetermined:
      'cannot tell whether order {order} was placed: @:{reason}; check the venue before sending it again',
    cancelUndetermined:
      'cannot tell whether order {order} was canceled: @:{reason}; check the venue (cancelling again is safe)',
    rejected: 'the venue rejected order {order}',
    notPlaced: 'not placed: the venue has no order {order} after its time window (the request never took effect)',
    noSuchOrder: 'order does not exist',
    notCanceledFinal: 'not canceled: the order is {status}',
    notCanceled: 'not canceled: the cancel never took effect (the order is {status})',
    notCanceledOpen: 'not canceled: the cancel never took effect (the order is open)'
  },
  // A futures operation that is not a plain order (trigger order, TP/SL, setting, transfer).
  op: {
    identical:
      'an identical request is still being sent or checked with the venue; nothing was sent: wait for its verdict',
    unknown:
      'outcome unknown: the venue could not be reached to check whether it took effect; still checking; the verdict is shown when it is known (an identical request is refused until then)',
    notApplied: 'not applied: @:{reason}; sending it again is safe',
    undetermined: 'outcome unknown: @:{reason}',
    closed: 'closed before the outcome was known'
  },
  // Why a check found an operation not applied, or could not tell.
  reason: {
    said: '{text}',
    readsRefused: 'the venue refuses the reads that would tell ({error})',
    triggerAbsent: 'the venue has no order with its client id and no matching trigger order after its time window',
    triggersMatch: '{count} trigger orders match what was sent; the venue cannot tell which (if any) is this one',
    tpslAbsent: 'the venue lists no matching TP/SL trigger after its time window',
    legAmbiguous:
      'several trigger orders match a leg of what was sent; the venue cannot tell which (if any) is this one',
    legsPartly: 'only {found} of {total} TP/SL legs are listed',
    historyFull: 'more than {count} orders of {symbol} since the request; a TP/SL leg may have fired among them',
    legMayHaveFired:
      'no matching TP/SL trigger is listed, but {count} closing order(s) of {symbol} were created since the request: a leg may have fired already',
    leverageNot: "the leverage is still not {leverage}x after the venue's time window",
    leverageHidden:
      'the venue shows leverage only on positions, and {symbol} has none with positionType {positionType}',
    triggerCancelHidden:
      'the venue lists waiting trigger orders only (a cancelled one and a fired one look alike); the trigger orders list shows it if it still waits, and cancelling again is safe',
    positionModeHidden:
      'the venue does not show the position mode; setting it again is harmless (it sets a value, it adds nothing)',
    marginModeHidden:
      'the venue does not show the margin mode; setting it again is harmless (it sets a value, it adds nothing)',
    transferAbsent: 'the futures capital flow shows no such transfer after the time window',
    transfersMatch:
      '{count} transfers of {amount} {coin} match in the capital flow, {accounted} of them possibly accounted for; the venue cannot tell whether this one is among them',
    baselineUnread:
      'a matching transfer is in the capital flow, but the records from just before sending could not be read, so it may be an earlier identical one'
  },
  // What a futures operation asked for, in a few words.
  operation: {
    conditional: '@:{kind}: @:{side} {volume} to @:{open}, trigger {trigger}',
    tpslBoth: 'TP/SL @:{side}: stop-loss {slVolume} at {slPrice}, take-profit {tpVolume} at {tpPrice}',
    tpslStop: 'TP/SL @:{side}: stop-loss {volume} at {price}',
    tpslProfit: 'TP/SL @:{side}: take-profit {volume} at {price}',
    triggerCancel: 'cancel trigger order {orderId}',
    leverage: 'leverage {leverage}, @:{mode}',
    positionMode: 'position mode @:{mode}',
    marginMode: 'margin mode @:{mode}',
    transfer: '{amount} {coin} @:{direction}'
  },
  // Words the messages above link to.
  term: {
    side: { BUY: 'buy', SELL: 'sell' },
    open: { OPEN: 'open', CLOSE: 'close' },
    trigger: { 'stop-loss': 'stop-loss', 'take-profit': 'take-profit', 'trailing-stop': 'trailing stop' },
    marginMode: { cross: 'cross', isolated: 'isolated' },
    positionMode: { 'one-way': 'one-way', hedge: 'hedge' },
    direction: { 'spot-to-futures': 'spot to futures', 'futures-to-spot': 'futures to spot' }
  },
  // Why the private-data poller slowed down.
  polling: {
    queued: 'background requests are queued for rate budget',
    budget: 'rate budget {percent} % used',
    limited: 'the venue answered 429 (too many requests)'
  },
  // What the user is told once, however it arrives.
  notice: {
    paperResetTitle: 'A fresh paper exchange was started',
    paperReset: "The paper exchange's data @:{why} and was kept at {path}; a fresh paper exchange was started.",
    correction:
      'The terminal said order {clientOrderId} was not placed; the exchange now shows it as order {orderId}. Check your open orders and position.'
  },
  // Why the paper exchange's data could not be opened (notice.paperReset's `why`).
  paperData: {
    unreplayableSnapshot: 'could not be replayed by this version (its snapshot: {reason})',
    unreplayableRecord: 'could not be replayed by this version (journal record {record}: {reason})',
    damaged: 'could not be read ({error})',
    otherFormat: 'was written by another version (format version {found}; this version reads {expected})',
    noFormat: 'was written by another version (written before format versions existed; this version reads {expected})'
  },
  // The desktop app's menu (Electron roles do the work; these are their labels).
  menu: {
    app: {
      about: 'About {name}',
      hide: 'Hide {name}',
      hideOthers: 'Hide Others',
      showAll: 'Show All',
      quit: 'Quit {name}'
    },
    edit: {
      title: 'Edit',
      undo: 'Undo',
      redo: 'Redo',
      cut: 'Cut',
      copy: 'Copy',
      paste: 'Paste',
      selectAll: 'Select All'
    },
    view: {
      title: 'View',
      reload: 'Reload',
      resetZoom: 'Actual Size',
      zoomIn: 'Zoom In',
      zoomOut: 'Zoom Out',
      fullScreen: 'Toggle Full Screen'
    },
    window: { title: 'Window', minimize: 'Minimize', zoom: 'Zoom', close: 'Close Window', front: 'Bring All to Front' },
    help: { title: 'Help', about: 'About {name}' }
  },
  // Native dialogs of the desktop app.
  dialog: {
    startFailed: '{name} could not start',
    updateTitle: 'Update ready',
    updateReady: '{name} {version} is ready to install.',
    updateDetail:
      'Restart now to install it; your windows come back as they were. Choose Later to install it when you quit.',
    restartNow: 'Restart now',
    later: 'Later'
  }
}

// The frame: top bar, profiles and keys, toasts, the notification center, windows, pop-outs, shortcuts.
export const app = {
  brand: 'CH Trader',
  windowTitle: { monitor: 'Monitor · {app}', market: '{market} · {module} · {app}' },
  // The workspace's panels (layout/panel-registry.ts), by panel id.
  panels: {
    'market-list': 'Markets',
    order: 'Order',
    orders: 'Orders',
    positions: 'Positions',
    account: 'Account',
    transfer: 'Transfer',
    market: 'Market'
  },
  panel: {
    failed: '{panel} failed',
    cannotShow: '{panel} could not be shown',
    cannotShowThis: 'This panel could not be shown',
    failedToLoad: 'It failed to load.',
    reload: 'Reload the window',
    loadingOf: 'Loading {panel}…',
    loading: 'Loading…'
  },
  workspace: {
    noMarketPanels: 'No market panels',
    noMarketPanelsText: 'The order book, chart and trades appear here once the market panels are installed.',
    noOrderEntry: 'No order entry',
    noOrderEntryText: 'Order entry is not available for {module} here yet.',
    nothingYet: 'Nothing to show here yet',
    nothingYetText: 'Orders, positions and balances appear here once the trading panels are installed.'
  },
  top: {
    modules: 'Module',
    moduleTab: '{module} ({keys})',
    popOut: 'Open {market} in its own window (Alt+P)',
    popOutUnavailable: 'Pop-out windows need a windows.open channel in the desktop app',
    monitor: 'Monitor',
    monitorTitle: 'Open the monitor: several markets at a glance (Alt+M)',
    monitorUnavailable: 'Monitor windows need a windows.open channel in the desktop app',
    toLight: 'Switch to the light theme',
    toDark: 'Switch to the dark theme',
    settings: 'Settings ({keys})'
  },
  // Settings › Shortcuts (layout/shortcuts.ts); key names stay as printed on the keyboard.
  shortcuts: {
    actions: {
      search: 'Search markets',
      navigate: 'Move through the market list and open a market (in the search field)',
      escape: 'Close a dialog or menu; clear the search'
    },
    scopes: { frame: 'Frame', market: 'Market', trading: 'Trading' }
  },
  // The link to the terminal (bridge/terminal-bridge.ts).
  bridge: {
    lost: 'The connection to the terminal was lost',
    state: {
      unauthorized: 'Terminal connection unauthorized',
      offline: 'Terminal connection offline',
      closed: 'Terminal connection closed'
    },
    notConnected: 'Not connected to the terminal',
    windowRefused: 'The terminal refused a new window (HTTP {status})'
  },
  feedback: {
    error: 'Something went wrong',
    notConnected: 'Not connected to the terminal',
    busyMore: '{label} (+{n})',
    dismiss: 'Dismiss'
  },
  notices: {
    title: 'Notifications',
    unread: '{n} new notification | {n} new notifications',
    clear: 'Clear',
    close: 'Close',
    empty: 'Nothing to tell yet',
    kinds: { fill: 'Fill', error: 'Error', warn: 'Warning', info: 'Notice' },
    copyPath: 'Copy path',
    copyFailed: 'Could not copy the path',
    loadFailed: 'The notifications could not be loaded',
    clearFailed: 'The notifications could not be cleared',
    keptAsideTitle: 'Some notifications could not be read',
    keptAside:
      'The notifications file could not be read whole ({reason}); the notifications that could be read are kept. The file was kept aside at {path}.'
  },
  windows: {
    openFailed: 'Could not open the window',
    notReopened:
      '{n} window of the last session could not be reopened | {n} windows of the last session could not be reopened',
    reopen: 'Reopen'
  },
  preferences: {
    notSaved: 'The preference could not be saved',
    legacySkipped: 'Some preferences of the older version were not imported',
    legacyFailed: 'The preferences of the older version could not be imported',
    legacyNotJson: '{key}: not readable (not JSON)',
    legacyInvalid: '{key}: {problem}'
  },
  profile: {
    kinds: { embedded: 'Paper', remote: 'Remote' },
    key: 'Key {masked}',
    noKeys: 'No API keys',
    switching: 'Switching to {name}',
    nowOn: 'Now on {name}',
    paperTrading: 'Paper trading on the embedded exchange',
    switchFailed: 'Could not switch to {name}',
    switcher: 'Exchange profile',
    none: 'No profile',
    notConnected: 'Not connected',
    loading: 'Loading…',
    menuTitle: 'Exchange profiles',
    embeddedHere: 'Embedded exchange on this machine',
    addRemote: 'Add remote profile',
    manage: 'Manage…',
    actsOn: 'Acts on {name} ({venue})',
    actsOnPaper: 'paper trading on the embedded exchange',
    noneYet: 'No profile yet',
    loadingProfile: 'Loading profile…',
    unencrypted: 'Unencrypted',
    unencryptedTitle:
      'Unencrypted connection: requests, signatures and orders to this exchange can be read and changed on the network'
  },
  // Settings › Profiles: the list, the profile form and the keys form.
  profiles: {
    intro:
      'The embedded exchange is for paper trading on this machine. Add a real venue with its REST and WebSocket addresses; its keys go to the OS keychain and never come back to this window.',
    damaged: 'The profiles file was damaged and set aside ({reason}); a copy is at ',
    damagedEnd: '.',
    none: 'No profiles',
    noneText:
      'The embedded exchange profile could not be created (is the OS keychain available?). Add a remote profile to start.',
    active: 'Active',
    use: 'Use',
    edit: 'Edit name and URLs',
    keys: 'API keys',
    remove: 'Remove profile',
    urls: { rest: 'REST', spot: 'Spot WS', futures: 'Futures WS' },
    embeddedHere: 'Embedded exchange on 127.0.0.1 (its port is chosen at each start); funded paper account.',
    checkingKeys: 'Checking keys…',
    rsa: 'RSA',
    noKeys: 'No API keys: market data only.',
    addKeys: 'Add keys',
    removeConfirm: 'Remove {name} and delete its keys from the keychain?',
    removeYes: 'Remove',
    keep: 'Keep',
    nowOn: 'Now on {name}',
    switchFailed: 'Could not switch to {name}',
    removed: 'Profile removed',
    removedText: '{name} and its keychain entry',
    removeFailed: 'Could not remove {name}'
  },
  profileForm: {
    addTitle: 'Add a remote exchange',
    editTitle: 'Edit {name}',
    fields: {
      name: 'Name',
      baseUrl: 'REST base URL',
      wsSpotUrl: 'Spot WebSocket URL',
      wsFuturesUrl: 'Futures WebSocket URL',
      apiKey: 'API key',
      apiSecret: 'API secret',
      rsaPrivateKey: 'RSA private key',
      allowUnencrypted: 'Allow an unencrypted connection'
    },
    namePlaceholder: 'e.g. My exchange',
    unencryptedNote:
      '— http:// or ws:// to another computer: anyone on the network path can read and change your requests and orders. Only for an exchange on a network you trust; the profile is marked Unencrypted.',
    keysLegend: 'API keys',
    keysOptional: '— optional; without them the profile shows market data only',
    apiKeyHint: 'Sent once to the OS keychain; shown afterwards only as abcd…wxyz.',
    rsaHint: 'Optional. PEM, unencrypted; needed only for wallet transfers.',
    cancel: 'Cancel',
    saving: 'Saving…',
    save: 'Save',
    add: 'Add profile',
    saved: 'Profile saved',
    added: 'Profile added',
    addedWithKeys: '{name}: keys stored {where}',
    saveFailed: 'Could not save the profile',
    addFailed: 'Could not add the profile',
    // A field's problem: `field` is its label (fields above).
    invalid: {
      said: '{field} {reason}',
      required: '{field} is required',
      requiredWithKeys: '{field} is required with keys',
      tooLong: '{field} must be at most {max} characters',
      control: '{field} must not contain control characters',
      url: '{field} must be an absolute {kind} URL',
      urlExample: '{field} must be an absolute {kind} URL, e.g. {example}',
      unencrypted:
        '{field} {protocol}// to {host} would be unencrypted: a remote exchange must be reached over https:// and wss:// unless it runs on this computer (127.0.0.0/8, ::1, localhost). Use {secure}, or tick "{override}"',
      notAscii: '{field} must be printable ASCII without spaces',
      pemTooLong: '{field} is too long for a PEM private key',
      encrypted: '{field} is encrypted; export it without a passphrase',
      notPem: '{field} must be a PEM private key (-----BEGIN PRIVATE KEY----- …)'
    }
  },
  keys: {
    title: 'API keys of {name}',
    stored: 'Stored {where}: ',
    rsa: ' · RSA key',
    replace: '. New keys replace them.',
    none: "No keys stored. Add the venue's API key and secret to trade from this profile.",
    delete: 'Delete keys',
    deleteConfirm: 'Delete the stored keys?',
    deleteYes: 'Delete',
    keep: 'Keep',
    cancel: 'Cancel',
    storing: 'Storing…',
    store: 'Store keys',
    storedToast: 'Keys stored {where}',
    storedText: '{name}: {masked}',
    storeFailed: 'Could not store the keys',
    deleted: 'Keys deleted',
    deleteFailed: 'Could not delete the keys',
    // Where main keeps a profile's keys (key-storage.ts), as a phrase after "Keys stored".
    keptIn: { keychain: 'in the OS keychain', session: 'held for this session only (no keychain)' }
  }
}

// The status bar of every window.
export const status = {
  profile: 'Profile',
  feed: '{module} WS',
  feedTitle: '{module} market feed: {state}, {channels} channel(s), {reconnects} reconnect(s)',
  feedLastError: 'Last error: {error}',
  feedIdle: '(opens when a market of this module is shown)',
  feedStates: {
    idle: 'idle',
    connecting: 'connecting',
    open: 'open',
    stale: 'stale',
    closed: 'closed',
    reconnecting: 'reconnecting'
  },
  rest: 'REST',
  restTitle: 'REST round trip (average of recent requests)',
  restDown: 'down',
  restDownTitle: 'REST requests to the venue are failing: {error}',
  ms: '{n} ms',
  clock: 'Clock',
  clockTitle: 'Venue clock minus local clock; measured over a {rtt} ms round trip',
  clockUnmeasured: 'The venue clock is not measured yet',
  rate: 'Rate',
  rateTitle: 'Rate budget',
  rateHighest: 'Highest use of any rate bucket: {pct}%',
  rateQueued: 'Queued: {user} user, {background} background · 429s: {limited}',
  rateBucket: '{id}: {used}/{planned} per {seconds} s',
  polling: 'Polling',
  venueTime: '{time} UTC',
  venueTimeTitle: 'Venue time (UTC), from the measured clock offset',
  /** Said to a screen reader when the connection changes for the worse, and when it is back. */
  announce: {
    down: '{state}: {detail}',
    back: 'Connected again: {detail}'
  },
  connection: {
    connecting: 'Connecting',
    connected: 'Connected',
    degraded: 'Degraded',
    unreachable: 'Venue unreachable',
    stalled: 'Stalled',
    reconnecting: 'Reconnecting',
    offline: 'Offline',
    unauthorized: 'Not authorized'
  },
  detail: {
    unauthorized:
      'This tab has no terminal credential (each printed link opens one tab, once). For a fresh link, run `npm run web` again (or press Enter in the terminal where it runs) and open the link it prints.',
    offline: 'The terminal cannot be reached; reload the page to try again',
    reconnecting: 'The connection to the terminal dropped; trying again',
    connecting: 'Waiting for the terminal',
    stalled: 'No status from the terminal for {seconds} s',
    feed: '{module} feed {state}',
    feedError: '{module} feed {state}: {error}',
    rest: 'REST: {error}',
    noAnswer: 'The venue has not answered',
    noAnswerFor: 'No answer from the venue for {seconds} s',
    connected: 'Terminal, feeds and REST are answering',
    noProfile: 'Connected; no profile is active'
  }
}

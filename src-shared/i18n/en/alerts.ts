// Price alerts: the Alerts panel, a fire told, and their rules refused in words (src-shared/ipc/schemas/alerts.ts).
export const alerts = {
  title: 'Alerts',
  list: 'Price alerts of this profile',
  empty: 'No price alerts on this profile yet.',
  sound: 'Sound on a fire',
  new: 'New alert',
  editing: 'Edit alert',
  market: 'Market',
  source: 'Price',
  sourceNames: { last: 'Last price', mark: 'Mark price', index: 'Index price' },
  kind: 'Rule',
  kinds: { cross: 'Crosses a level', move: 'Moves by % within a window', channel: 'Enters or leaves a channel' },
  direction: 'Direction',
  directions: { up: 'up', down: 'down', either: 'either way' },
  channelOn: 'When the price',
  channelEvents: { enter: 'enters', leave: 'leaves', either: 'enters or leaves' },
  level: 'Level',
  percent: 'Move (%)',
  windowMinutes: 'Window (minutes)',
  low: 'Low',
  high: 'High',
  repeat: 'Fires',
  repeats: { once: 'once', every: 'every time' },
  create: 'Create alert',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  pause: 'Pause',
  resume: 'Resume',
  delete: 'Delete',
  actionsOf: 'Alert on {market}: {rule}',
  states: {
    armed: 'armed',
    paused: 'paused',
    fired: 'fired {time} at {price}',
    'not-evaluating': 'not evaluating: no live price'
  },
  lastFired: 'last fired {time} at {price} ({n}×)',
  describe: {
    cross: '@:{source} crosses {level} @:{direction}',
    move: '@:{source} moves {percent}% @:{direction} within {minutes} min',
    channel: '@:{source} @:{on} {low} – {high}'
  },
  fired: { title: 'Price alert: {market}', text: '{rule}: {price}' },
  now: '{source} now: {price}',
  priceUnknown: 'The current price could not be read: type the level.',
  /** A crossing alert set on the side the price is already on: allowed, said (it fires only after a return). */
  sideNow: {
    up: '{source} is {now}, already above {level}: this alert fires only after the price falls below {level} and rises through it again.',
    down: '{source} is {now}, already below {level}: this alert fires only after the price rises above {level} and falls through it again.'
  },
  /** The field of an alert rule named in a refusal (linked in as `@:{what}`). */
  what: {
    level: 'the level of a price-crossing alert',
    percent: 'the percentage of a price-move alert',
    window: 'the window (minutes) of a price-move alert',
    low: 'the low of a channel alert',
    high: 'the high of a channel alert'
  },
  sources: { last: 'last', mark: 'mark', index: 'index' },
  keptAsideTitle: 'Some price alerts could not be read',
  keptAside:
    'The alerts file could not be read whole ({reason}); the alerts that could be read are kept. The file was kept aside at {path}.',
  /** A level ten times the price now or a tenth of it (panels/alerts/far-level.ts): asked about, never rewritten. */
  far: {
    title: 'A level far from the price now',
    above: '{source} now is {now}; the level {level} is {times}× that, {percent}% above it. A zero too many?',
    below: '{source} now is {now}; the level {level} is {percent}% below it, 1/{times} of it. A zero too few?',
    create: 'Create it anyway',
    save: 'Save it anyway',
    change: 'Change the level'
  },
  refuse: {
    duplicate:
      'the same alert already exists on this market (same price, rule, level and repeat): edit or resume that one',
    positive: '@:{what} must be a number greater than 0',
    atMost: '@:{what} must be at most {max}',
    window: '@:{what} must be a whole number from {min} to {max}',
    lowBelowHigh: "a channel alert's low ({low}) must be below its high ({high})",
    futuresOnly: 'a @:{source} price alert is for futures contracts only; {symbol} is a @:{module} market',
    notFound: 'no such alert of this profile (it may have been deleted)',
    notSaved: 'the alert was not saved: the alerts file could not be written ({error})',
    notSavedUnknown: 'the alert was not saved: the alerts file could not be written'
  }
}

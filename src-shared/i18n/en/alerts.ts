// Price alerts: their rules refused in words (src-shared/ipc/schemas/alerts.ts, main's alert service).
export const alerts = {
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
  refuse: {
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

// The user's preferences, kept by main in the user-data folder (preferences.json) so they survive restarts in
// Electron and in the browser host on any port (a page's own storage is per origin, and each port is one).
// Two scopes, chosen by what a value names:
// - app-wide: how the terminal looks and behaves (theme, confirmations, shortcuts, notifications, the workspace's
//   sizes and bottom tab, the chart interval, type and scale, the windows open) and which startup notices were told;
// - per profile: what names a venue's markets (favourites, the last market of each module, monitor layouts, book
//   grouping steps, chart indicators): another exchange lists other markets, so one venue's choices mean nothing on
//   another.
// Every value is checked here: an unknown key or a value out of its rule is refused by name, never dropped.
import { z } from 'zod'
import { rule } from './field-rule'
import { MODULES, moduleFromStored, type Module } from '../../module'
import { LANGUAGE_CHOICES } from '../../i18n/locales'
import { contractName, obj, positiveDecimal, profileId, spotSymbol } from './common'
import { DEFAULT_HOTKEYS_PREFERENCE, hotkeysPreference } from './preferences-hotkeys'
import { marketDrawings } from './preferences-drawings'
import { layoutsPreference } from './preferences-layouts'
import { indicatorsByMarket, marketKey } from './preferences-indicators'

export {
  INDICATOR_KINDS,
  MAX_INDICATORS,
  indicatorSetting,
  marketKey,
  type IndicatorSetting
} from './preferences-indicators'

const bool = z.boolean(rule('boolean'))
const pixels = (min: number, max: number) =>
  z.int(rule('pixels')).min(min, rule('atLeast', { min })).max(max, rule('atMost', { max }))
const name = z.string(rule('nameText')).regex(/^[A-Za-z0-9_-]{1,40}$/, rule('name'))

/** The chart's intervals (src-renderer/src/charts/candle-option.ts INTERVALS; a dom test pins them equal). */
export const CHART_INTERVALS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1month'] as const

/**
 * A window of the browser host's to reopen (`/market/<module>/<symbol>` or `/monitor/<layout>`, as routes.ts spells
 * them).
 */
export const windowRoute = z
  .string(rule('routeText'))
  .regex(/^\/(?:market\/(?:spot|margin|futures)\/[a-z0-9_-]{1,40}|monitor\/[a-z0-9_-]{1,40})$/, rule('route'))

/** The candle chart's types (src-renderer/src/charts/candle-types.ts draws each). */
export const CHART_TYPES = ['candles', 'hollow', 'heikinAshi', 'line', 'area'] as const

/** The colours of up and down: green and red, or blue and orange for colour-blind eyes (styles/theme.css). */
export const PALETTES = ['standard', 'blue-orange'] as const

export const MARGIN_MODES = ['cross', 'isolated'] as const

export const appPreferencesShape = {
  theme: z.enum(['dark', 'light'], rule('either', { a: 'dark', b: 'light' })),
  palette: z.enum(PALETTES, rule('either', { a: PALETTES[0], b: PALETTES[1] })),
  /** The language of every window; `auto` follows the system's or browser's at each start. */
  language: z.enum(LANGUAGE_CHOICES, rule('oneOf', { values: LANGUAGE_CHOICES.join(', ') })),
  confirmOrders: bool,
  /**
   * A limit price further than this percent from the last (spot) or mark (futures) price needs its own confirmation.
   */
  priceGuardPct: positiveDecimal,
  /**
   * Market orders are sent as a limit at the worst acceptable price (futures: IOC) at most `maxPct` beyond the best.
   */
  slippageGuard: obj({ on: bool, maxPct: positiveDecimal }),
  shortcuts: bool,
  /** The keyboard map's changes from its defaults and the trading hotkeys' confirmations (preferences-hotkeys.ts). */
  hotkeys: hotkeysPreference,
  notifyFills: bool,
  /** A short tone when a price alert fires. */
  alertSound: bool,
  /** The workspace's market-list width, order-column width and bottom height (Workspace.vue clamps the same). */
  layout: obj({ side: pixels(200, 460), order: pixels(260, 520), bottom: pixels(120, 600) }),
  /** The workspace's dockable arrangement and the named layouts, per window kind (preferences-layouts.ts). */
  layouts: layoutsPreference,
  /** The workspace's bottom tab (a panel id); '' for the first one. */
  bottomTab: z.string(rule('panelIdText')).regex(/^[a-z0-9-]{0,40}$/, rule('panelId')),
  interval: z.enum(CHART_INTERVALS, rule('oneOf', { values: CHART_INTERVALS.join(', ') })),
  chartType: z.enum(CHART_TYPES, rule('oneOf', { values: CHART_TYPES.join(', ') })),
  /** The candle chart's price axis on a logarithmic scale. */
  logScale: bool,
  /** Browser host: the windows open when the main window went away, reopened at the next start. */
  openWindows: z.array(windowRoute).max(20, rule('windowsAtMost', { max: 20 })),
  /**
   * The candle chart's drawings by market (preferences-drawings.ts): app-wide, not per profile, since they are the
   * trader's marks on a market and not an account's state.
   */
  drawings: z
    .record(marketKey, marketDrawings, {
      error: (iss) => (iss.code === 'invalid_key' ? rule('marketKeyKeys') : undefined)
    })
    .refine((r) => Object.keys(r).length <= 500, rule('entriesAtMost', { max: 500 })),
  /** Ids of the startup notices already told (app.info's), so none is told twice. */
  toldNotices: z
    .array(
      z
        .string(rule('noticeIdText'))
        .min(1, rule('notEmpty'))
        .max(2000, rule('maxChars', { max: 2000 }))
    )
    .max(50, rule('noticesAtMost', { max: 50 }))
}

/** A record whose every key is checked, refused with the key rule in words (zod says only "Invalid key"). */
const keyedBy = <V extends z.ZodType>(key: z.ZodString, value: V, keyRule: string, max: number) =>
  z
    .record(key, value, { error: (iss) => (iss.code === 'invalid_key' ? keyRule : undefined) })
    .refine((r) => Object.keys(r).length <= max, rule('entriesAtMost', { max }))

/**
 * The last market's module and its symbols by module. An older build wrote the modules capitalized (`Spot`, `Margin`,
 * `Futures`, as its tabs were spelled), as the value and as the keys: both spellings are read (a file or a page's
 * storage of that build), the lowercase one is what comes out, so the next write stores only that.
 */
const storedModule = z
  .enum([...MODULES, 'Spot', 'Margin', 'Futures'], rule('oneOfThree', { a: 'spot', b: 'margin', c: 'futures' }))
  .transform((m) => moduleFromStored(m) as Module)
const OLD_KEY = { spot: 'Spot', margin: 'Margin', futures: 'Futures' } as const
const lastSymbols = obj({
  spot: spotSymbol.optional(),
  margin: spotSymbol.optional(),
  futures: contractName.optional(),
  Spot: spotSymbol.optional(),
  Margin: spotSymbol.optional(),
  Futures: contractName.optional()
}).transform((s) => {
  const out: Partial<Record<Module, string>> = {}
  for (const m of MODULES) {
    const v = s[m] ?? s[OLD_KEY[m]]
    if (v !== undefined) out[m] = v
  }
  return out
})

export const profilePreferencesShape = {
  favourites: z.array(marketKey).max(500, rule('marketsAtMost', { max: 500 })),
  /** The main window's module and the market last seen in each module. */
  lastMarket: obj({
    module: storedModule,
    symbols: lastSymbols
  }),
  /** Monitor layouts by name: the markets each shows, in order. */
  monitors: keyedBy(name, z.array(marketKey).max(100, rule('marketsAtMost', { max: 100 })), rule('layoutNameKeys'), 20),
  /** The order book's price grouping step by market. */
  bookSteps: keyedBy(marketKey, positiveDecimal, rule('marketKeyKeys'), 500),
  /** The candle chart's indicators by market, in the order they were added. */
  indicators: indicatorsByMarket(500),
  /** The size trading hotkeys and one-click trading send by market (base units, or contracts on futures). */
  hotkeySizes: keyedBy(marketKey, positiveDecimal, rule('marketKeyKeys'), 500),
  /** Markets whose candle chart hides the trader's own orders, position, fills and alerts (shown by default). */
  chartOwnHidden: keyedBy(marketKey, bool, rule('marketKeyKeys'), 500),
  /**
   * The margin mode chosen per futures contract: the venue has no read of it (a position shows it), and refuses an
   * order whose positionType differs, so the last one set here is kept for the next start and the next switch.
   */
  marginModes: keyedBy(
    contractName,
    z.enum(MARGIN_MODES, rule('either', { a: 'cross', b: 'isolated' })),
    rule('contractKeys'),
    500
  )
}

export const appPreferences = obj(appPreferencesShape)
export const profilePreferences = obj(profilePreferencesShape)
/** Some of the keys, each checked; an unknown key is refused by name. */
export const appPreferencesPatch = obj(appPreferencesShape).partial()
export const profilePreferencesPatch = obj(profilePreferencesShape).partial()

export type AppPreferences = z.output<typeof appPreferences>
export type ProfilePreferences = z.output<typeof profilePreferences>
export type AppPreferencesPatch = z.output<typeof appPreferencesPatch>
export type ProfilePreferencesPatch = z.output<typeof profilePreferencesPatch>

export const DEFAULT_APP_PREFERENCES: AppPreferences = {
  theme: 'dark',
  palette: 'standard',
  language: 'auto',
  confirmOrders: true,
  priceGuardPct: '5',
  slippageGuard: { on: true, maxPct: '1' },
  shortcuts: true,
  hotkeys: DEFAULT_HOTKEYS_PREFERENCE,
  notifyFills: true,
  alertSound: true,
  layout: { side: 268, order: 308, bottom: 250 },
  layouts: {},
  bottomTab: '',
  interval: '15min',
  chartType: 'candles',
  logScale: false,
  openWindows: [],
  drawings: {},
  toldNotices: []
}

export const DEFAULT_PROFILE_PREFERENCES: ProfilePreferences = {
  favourites: [],
  lastMarket: { module: 'spot', symbols: {} },
  monitors: {},
  bookSteps: {},
  indicators: {},
  hotkeySizes: {},
  chartOwnHidden: {},
  marginModes: {}
}

/** Preferences of one window: the app's and those of the named (or active) profile. */
export const preferencesRef = obj({ profileId: profileId.optional() })

export const setPreferencesInput = obj({
  /** Whose per-profile values `profile` sets; without it, the active profile's. */
  profileId: profileId.optional(),
  app: appPreferencesPatch.optional(),
  profile: profilePreferencesPatch.optional()
}).refine((i) => i.app !== undefined || i.profile !== undefined, {
  message: rule('appOrProfile'),
  path: ['app']
})

/** What an older build left in a page's storage: taken once, and only where nothing was set since. */
export const importLegacyInput = obj({
  profileId: profileId.optional(),
  app: appPreferencesPatch,
  profile: profilePreferencesPatch
})

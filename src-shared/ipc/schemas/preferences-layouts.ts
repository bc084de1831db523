// The workspace's layouts as a preference main keeps (preferences.json), app-wide and per window kind: the
// arrangement shown now (kept as it changes, so a restart shows it again), the named layouts the user saved, and
// which of them is shown. An arrangement is dockview's own serialized form (src-renderer/src/layout/): only its
// outline and the panels' parameters are checked here, the renderer checks the rest as it lays it out (a layout it
// cannot lay out falls back to the default and says so). An arrangement also carries its charts' indicators by market
// (checked as the profile's are), so a named layout keeps them and a rename or delete moves or drops them with it.
import { z } from 'zod'
import { rule } from './field-rule'
import { contractName, obj, spotSymbol } from './common'
import { MODULES } from '../../module'
import { indicatorsByMarket } from './preferences-indicators'

/** Named layouts at most per window; a stored arrangement's size at most (its JSON characters). */
export const MAX_LAYOUTS = 20
/** Markets at most with indicators of a layout's own (its charts show these markets, and others shown since). */
export const MAX_LAYOUT_MARKETS = 100
export const MAX_LAYOUT_CHARS = 100_000
export const MAX_LAYOUT_NAME = 40

/**
 * What the user typed as a layout's name, kept as typed: no edge spaces, control or format characters to hide in it
 * (a zero-width space made two "Scalp"s; a right-to-left override turned the menu's words around it).
 */
export const layoutName = z
  .string(rule('nameText'))
  .min(1, rule('notEmpty'))
  .max(MAX_LAYOUT_NAME, rule('maxChars', { max: MAX_LAYOUT_NAME }))
  .refine((s) => s.trim() === s && !/[\p{Cc}\p{Cf}]/u.test(s), rule('visibleName'))

/** A market panel's own market (a multi-chart layout); without one it shows the workspace's selection. */
export const panelParams = obj({
  module: z.enum(MODULES, rule('oneOfThree', { a: MODULES[0], b: MODULES[1], c: MODULES[2] })).optional(),
  symbol: z.union([spotSymbol, contractName]).optional()
})

const panelState = z.looseObject({
  id: z.string(rule('panelIdText')).regex(/^[a-z0-9-]{1,40}$/, rule('panelId')),
  contentComponent: z.string(rule('panelIdText')).regex(/^[a-z0-9-]{1,40}$/, rule('panelId')),
  params: panelParams.optional()
})

/**
 * dockview's SerializedDockview: its grid and its panels, bounded in size; and ours beside them, which dockview does
 * not read: the layout's own chart indicators by market key (a market without a set here shows the profile's).
 */
export const dockLayout = z
  .looseObject({
    grid: z.looseObject({ root: z.looseObject({}), width: z.number(rule('number')), height: z.number(rule('number')) }),
    panels: z
      .record(z.string(rule('panelIdText')), panelState)
      .refine((r) => Object.keys(r).length <= 40, rule('entriesAtMost', { max: 40 })),
    indicators: indicatorsByMarket(MAX_LAYOUT_MARKETS).optional()
  })
  .refine((l) => JSON.stringify(l).length <= MAX_LAYOUT_CHARS, rule('tooLarge'))
export type DockLayout = z.output<typeof dockLayout>

export const windowLayouts = obj({
  /** The arrangement shown now; null for the default one. */
  current: dockLayout.nullable(),
  /** The name of the saved layout shown; '' when none is (the default, or a changed one not saved). */
  active: z.union([z.literal(''), layoutName]),
  saved: z
    .record(layoutName, dockLayout, { error: (iss) => (iss.code === 'invalid_key' ? rule('nameText') : undefined) })
    .refine((r) => Object.keys(r).length <= MAX_LAYOUTS, rule('entriesAtMost', { max: MAX_LAYOUTS }))
})
export type WindowLayouts = z.output<typeof windowLayouts>

/** By window kind: the main window's workspace (pop-outs and the monitor lay out their own way). */
export const layoutsPreference = obj({ main: windowLayouts.optional() })
export type LayoutsPreference = z.output<typeof layoutsPreference>
export const EMPTY_WINDOW_LAYOUTS: WindowLayouts = { current: null, active: '', saved: {} }

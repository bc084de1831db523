// Windows the user opens: a market popped out, or the monitor grid. Names are checked like the window-state
// file checks them, so nothing but a known route can ever be opened.
import { z } from 'zod'
import { rule } from './field-rule'
import { MODULES } from '../../module'
import { obj } from './common'

const name = z.string(rule('string')).regex(/^[A-Za-z0-9_-]{1,40}$/, rule('windowName'))

export const windowOpenInput = z.discriminatedUnion('kind', [
  obj({
    kind: z.literal('market'),
    module: z.enum(MODULES, rule('oneOfThree', { a: 'spot', b: 'margin', c: 'futures' })),
    symbol: name
  }),
  obj({ kind: z.literal('monitor'), layout: name })
])
export type WindowOpenInput = z.output<typeof windowOpenInput>

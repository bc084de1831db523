// The English catalog: the source every other language's catalog is checked against (catalog.ts). One file per
// area of the terminal, so a change to one panel's words touches one file per language.

import { a11y } from './a11y'
import { account } from './account'
import { alerts } from './alerts'
import { algoUi } from './algo-ui'
import { algos } from './algos'
import { app } from './app'
import { chartTrading } from './chart-trading'
import { common } from './common'
import { drawings } from './drawings'
import { fields } from './fields'
import { hotkeys } from './hotkeys'
import { ladder } from './ladder'
import { layouts } from './layouts'
import { main } from './main'
import { market } from './market'
import { order } from './order'
import { orders } from './orders'
import { pnl } from './pnl'
import { settings } from './settings'
import { status } from './status'
import { venueErrors } from './venue-errors'

export const en = {
  a11y,
  account,
  alerts,
  algoUi,
  algos,
  app,
  chartTrading,
  common,
  drawings,
  fields,
  hotkeys,
  ladder,
  layouts,
  main,
  market,
  order,
  orders,
  pnl,
  settings,
  status,
  venueErrors
}
export type Messages = typeof en

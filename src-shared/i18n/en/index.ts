// The English catalog: the source every other language's catalog is checked against (catalog.ts). One file per
// area of the terminal, so a change to one panel's words touches one file per language.
import { common } from './common'
import { settings } from './settings'
import { status } from './status'
import { venueErrors } from './venue-errors'

export const en = { common, settings, status, venueErrors }
export type Messages = typeof en

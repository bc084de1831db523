// Simplified Chinese (mainland China, Singapore).
import type { Catalog } from '../catalog'
import type { Messages } from '../en'
import { common } from './common'
import { settings } from './settings'
import { status } from './status'
import { venueErrors } from './venue-errors'

export const zhCN: Catalog<Messages> = { common, settings, status, venueErrors }

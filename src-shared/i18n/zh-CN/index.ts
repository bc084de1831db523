// Simplified Chinese (mainland China, Singapore).
import type { Catalog } from '../catalog'
import type { Messages } from '../en'
import { common } from './common'
import { settings } from './settings'
import { status } from './status'

export const zhCN: Catalog<Messages> = { common, settings, status }

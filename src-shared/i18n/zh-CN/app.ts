import type { Catalog } from '../catalog'
import type { app as en } from '../en/app'

export const app: Catalog<typeof en> = {}

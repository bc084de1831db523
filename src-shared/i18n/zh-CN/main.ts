import type { Catalog } from '../catalog'
import type { main as en } from '../en/main'

export const main: Catalog<typeof en> = {}

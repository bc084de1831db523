import type { Catalog } from '../catalog'
import type { market as en } from '../en/market'

export const market: Catalog<typeof en> = {}

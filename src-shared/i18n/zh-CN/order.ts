import type { Catalog } from '../catalog'
import type { order as en } from '../en/order'

export const order: Catalog<typeof en> = {}

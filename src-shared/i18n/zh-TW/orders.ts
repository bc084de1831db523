import type { Catalog } from '../catalog'
import type { orders as en } from '../en/orders'

export const orders: Catalog<typeof en> = {}

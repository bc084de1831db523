import type { Catalog } from '../catalog'
import type { account as en } from '../en/account'

export const account: Catalog<typeof en> = {}

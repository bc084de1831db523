import type { Catalog } from '../catalog'
import type { common as en } from '../en/common'

export const common: Catalog<typeof en> = {
  modules: { spot: '現貨', margin: '槓桿', futures: '合約' },
  languages: { auto: '跟隨系統', en: 'English', 'zh-CN': '简体中文', 'zh-TW': '繁體中文' }
}

import type { Catalog } from '../catalog'
import type { common as en } from '../en/common'

export const common: Catalog<typeof en> = {
  modules: { spot: '现货', margin: '杠杆', futures: '合约' },
  languages: { auto: '跟随系统', en: 'English', 'zh-CN': '简体中文', 'zh-TW': '繁體中文' }
}

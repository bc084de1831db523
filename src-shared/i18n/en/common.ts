// Words shared by many panels.
export const common = {
  modules: { spot: 'Spot', margin: 'Margin', futures: 'Futures' },
  languages: { auto: 'Follow the system', en: 'English', 'zh-CN': '简体中文', 'zh-TW': '繁體中文' }
}

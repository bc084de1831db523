import { describe, expect, it } from 'vitest'
import { matchLocale, resolveLocale } from '@shared/i18n/locales'

describe('the language a system or browser asks for', () => {
  it('tells Traditional from Simplified Chinese by script, then region', () => {
    expect(matchLocale(['zh-TW'])).toBe('zh-TW')
    expect(matchLocale(['zh-Hant-HK'])).toBe('zh-TW')
    expect(matchLocale(['zh-HK'])).toBe('zh-TW')
    expect(matchLocale(['zh-MO'])).toBe('zh-TW')
    expect(matchLocale(['zh-CN'])).toBe('zh-CN')
    expect(matchLocale(['zh-Hans-SG'])).toBe('zh-CN')
    expect(matchLocale(['zh'])).toBe('zh-CN')
  })
  it('takes the first tag it serves, English otherwise', () => {
    expect(matchLocale(['fr-FR', 'zh-TW', 'en'])).toBe('zh-TW')
    expect(matchLocale(['en-GB', 'zh-CN'])).toBe('en')
    expect(matchLocale(['fr', 'de'])).toBe('en')
    expect(matchLocale([])).toBe('en')
    expect(matchLocale(['zhx'])).toBe('en')
  })
  it('auto follows the tags; a choice is kept whatever they say', () => {
    expect(resolveLocale('auto', ['zh-TW'])).toBe('zh-TW')
    expect(resolveLocale('zh-CN', ['zh-TW'])).toBe('zh-CN')
    expect(resolveLocale('en', ['zh-CN'])).toBe('en')
  })
})

// Main's side of the user's language: the choice it keeps (app.language), told to main's own followers (the desktop
// menu) when it changes, read from the file alone when the terminal could not start; and a preferences file that
// cannot be written is refused in catalog words.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PreferencesService, readLanguageChoice } from '../../../src-main/services/preferences-service'
import { translateIn } from '@shared/i18n/translate'

function service(file: string, logs: string[] = []): PreferencesService {
  return new PreferencesService({
    file,
    log: (l) => logs.push(l),
    profileIds: () => [],
    resolveId: (named) => named ?? 'p1',
    activeId: () => null,
    onProfilesChange: () => () => undefined
  })
}

describe('the language choice in main', () => {
  it('is auto by default, told to its followers once per change, and read from the file alone', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'prefs-')), 'preferences.json')
    expect(readLanguageChoice(file)).toBe('auto') // no file yet
    const prefs = service(file)
    expect(prefs.language()).toBe('auto')
    const told: string[] = []
    const off = prefs.onLanguage((c) => told.push(c))
    await prefs.set({ app: { language: 'zh-TW' } })
    await prefs.set({ app: { theme: 'light' } }) // not the language: nobody told
    await prefs.set({ app: { language: 'zh-TW' } }) // the same again: nobody told
    await prefs.set({ app: { language: 'en' } })
    expect(told).toEqual(['zh-TW', 'en'])
    expect(prefs.language()).toBe('en')
    expect(readLanguageChoice(file)).toBe('en')
    off()
    await prefs.set({ app: { language: 'zh-CN' } })
    expect(told).toEqual(['zh-TW', 'en'])
    writeFileSync(file, JSON.stringify({ version: 1, app: { language: 'klingon' } }))
    expect(readLanguageChoice(file)).toBe('auto')
    writeFileSync(file, 'not json')
    expect(readLanguageChoice(file)).toBe('auto')
  })

  it('a change that cannot be written is refused in words, naming the file system error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prefs-'))
    writeFileSync(join(dir, 'not-a-folder'), '')
    const logs: string[] = []
    const prefs = service(join(dir, 'not-a-folder', 'preferences.json'), logs)
    const e = await prefs.set({ app: { language: 'zh-CN' } }).catch((x: unknown) => x)
    const body = (e as { contractError: { code: string; message: string; words: { key: string; params: never } } })
      .contractError
    expect(body).toMatchObject({
      code: 'preferences-file',
      message: expect.stringMatching(/^The preferences could not be saved \(E[A-Z]+\); nothing was changed$/),
      words: { key: 'main.preferences.notSaved', params: { error: expect.stringMatching(/^E[A-Z]+$/) } }
    })
    expect(translateIn('zh-CN', body.words.key, body.words.params)).toMatch(
      /^偏好设置保存失败（E[A-Z]+），未做任何更改$/
    )
    expect(prefs.language()).toBe('auto') // nothing changed
  })
})

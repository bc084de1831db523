// Main's words (a refusal sent as a catalog key with values) told in this window's language.
import { afterEach, describe, expect, it } from 'vitest'
import { ContractError } from '@shared/ipc/contract-kit'
import { setLocale } from '../../../src-renderer/src/i18n'
import { wordsText } from '../../../src-renderer/src/i18n/words'
import { describeError } from '../../../src-renderer/src/stores/feedback'

afterEach(() => setLocale('en'))

describe("main's words", () => {
  it('are told in the language of the screen; an unknown key falls back to main’s English', () => {
    const words = { key: 'status.detail.stalled', params: { seconds: 3 } }
    setLocale('zh-TW')
    expect(wordsText(words, 'No status from the terminal for 3 s')).toBe('已有 3 秒未收到終端狀態')
    expect(wordsText({ key: 'main.fromANewerBuild' }, 'what main said')).toBe('what main said')
    expect(wordsText(undefined, 'what main said')).toBe('what main said')
  })
  it('an error toast tells them', () => {
    setLocale('zh-CN')
    const e = new ContractError({
      code: 'stalled',
      message: 'No status from the terminal for 3 s',
      words: { key: 'status.detail.stalled', params: { seconds: 3 } }
    })
    expect(describeError(e).text).toBe('已有 3 秒未收到终端状态')
  })
})

import { describe, expect, it } from 'vitest'
import { inEnglish, translateIn } from '@shared/i18n/translate'

describe('translation outside Vue (main)', () => {
  it('tells a key in each language, its values filled in', () => {
    expect(translateIn('en', 'status.detail.stalled', { seconds: 7 })).toBe('No status from the terminal for 7 s')
    expect(translateIn('zh-CN', 'status.detail.stalled', { seconds: 7 })).toBe('已有 7 秒未收到终端状态')
    expect(translateIn('zh-TW', 'common.modules.futures')).toBe('合約')
    expect(inEnglish({ key: 'venueErrors.codes.e2017' })).toBe('Insufficient balance')
  })
  it('says the key when no catalog has it', () => {
    expect(translateIn('zh-CN', 'nowhere.to.be.found')).toBe('nowhere.to.be.found')
  })
})

describe("main's refusals as words", () => {
  it('carry the key and values to the UI and the English as the message', async () => {
    const { ServiceError } = await import('../../../src-main/services/errors')
    const e = new ServiceError('stalled', { key: 'status.detail.stalled', params: { seconds: 3 } })
    expect(e.message).toBe('No status from the terminal for 3 s')
    expect(e.contractError).toEqual({
      code: 'stalled',
      message: 'No status from the terminal for 3 s',
      words: { key: 'status.detail.stalled', params: { seconds: 3 } }
    })
    expect(new ServiceError('x', 'plain English', 'f').contractError).toEqual({
      code: 'x',
      message: 'plain English',
      field: 'f'
    })
  })
})

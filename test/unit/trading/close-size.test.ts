// How much of a position a close or a TP/SL leg may cover: shares land on the contract step or are refused with
// both neighbours, quantities never exceed the position, and a leg larger than the position is resized to it.
import { describe, expect, it } from 'vitest'
import { closeVolume, legResize } from '@shared/trading/close-size'
import { translateIn } from '@shared/i18n/translate'
import { EBTC } from '../../fixtures/instruments'

/** An answer without the refusal's words (told in Chinese below). */
const english = <T extends { ok: boolean; refusal?: { words?: unknown } }>(r: T) =>
  r.refusal ? { ...r, refusal: (({ words: _words, ...rest }) => rest)(r.refusal) } : r

const fractional = { ...EBTC, minOrderVolume: '0.01' }

describe('closeVolume', () => {
  it.each([
    ['300', '50', '150'],
    ['300', '25', '75'],
    ['45', '100', '45'],
    ['45', '20', '9'],
    ['40', '12.5', '5']
  ])('%s contracts x %s%% = %s on whole contracts', (pos, percent, volume) => {
    expect(closeVolume(EBTC, pos, { kind: 'percent', percent })).toEqual({ ok: true, volume })
  })

  it('refuses a share between two steps with both as fixes, never rounding it', () => {
    expect(english(closeVolume(EBTC, '45', { kind: 'percent', percent: '50' }))).toEqual({
      ok: false,
      refusal: {
        rule: 'minOrderVolume',
        field: 'closeVolume',
        message: '50% of 45 contracts is 22.5 contracts; BTC/USDT perpetual trades whole contracts: 22 or 23',
        fixes: ['22', '23']
      }
    })
    expect(closeVolume(EBTC, '1', { kind: 'percent', percent: '25' })).toMatchObject({
      ok: false,
      refusal: { fixes: ['1'] }
    }) // 0.25: nothing below
    expect(closeVolume(fractional, '0.45', { kind: 'percent', percent: '50' })).toMatchObject({
      ok: false,
      refusal: {
        message: '50% of 0.45 contracts is 0.225 contracts; BTC/USDT perpetual trades steps of 0.01: 0.22 or 0.23'
      }
    })
  })

  it('refuses shares outside (0, 100] and quantities beyond the position', () => {
    expect(closeVolume(EBTC, '45', { kind: 'percent', percent: '0' })).toMatchObject({
      ok: false,
      refusal: { rule: 'closePercent' }
    })
    expect(closeVolume(EBTC, '45', { kind: 'percent', percent: '100.5' })).toMatchObject({
      ok: false,
      refusal: { rule: 'closePercent' }
    })
    expect(english(closeVolume(EBTC, '45', { kind: 'quantity', volume: '46' }))).toEqual({
      ok: false,
      refusal: {
        rule: 'positionVolume',
        field: 'closeVolume',
        message: 'the position holds 45 contracts; 46 contracts cannot be closed',
        fixes: ['45']
      }
    })
    expect(closeVolume(EBTC, '45', { kind: 'quantity', volume: '0' })).toMatchObject({
      ok: false,
      refusal: { rule: 'closeVolume' }
    })
    expect(closeVolume(EBTC, '45', { kind: 'quantity', volume: '45' })).toEqual({ ok: true, volume: '45' })
  })

  it('says a refusal in Chinese by its words', () => {
    const r = closeVolume(EBTC, '45', { kind: 'percent', percent: '50' })
    const w = !r.ok ? r.refusal.words : undefined
    expect(w && translateIn('zh-CN', w.key, w.params)).toBe(
      '45 张的 50% 为 22.5 张；BTC/USDT perpetual 只能交易整数张：22 或 23'
    )
  })
})

describe('legResize', () => {
  it('resizes only a leg larger than the position, to the position', () => {
    expect(legResize('45', '25')).toBe('25')
    expect(legResize('10', '25')).toBeNull()
    expect(legResize('25', '25')).toBeNull()
    expect(legResize('45', '0')).toBeNull() // a closed position: its legs are the venue's to drop
  })
})

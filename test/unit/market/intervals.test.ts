import { describe, expect, it } from 'vitest'
import { bucketStart, nextBucketStart, normalizeInterval, wireInterval } from '../../../src-sim/market/intervals'

const U = Date.UTC

describe('interval names', () => {
  it('accepts both 60min and 1h and normalizes to 60min', () => {
    expect(normalizeInterval('60min')).toBe('60min')
    expect(normalizeInterval('1h')).toBe('60min')
    expect(normalizeInterval('1min')).toBe('1min')
    expect(normalizeInterval('1m')).toBeNull()
    expect(normalizeInterval('4h')).toBeNull()
  })
  it('spells 60min as 1h for futures only', () => {
    expect(wireInterval('60min', 'futures')).toBe('1h')
    expect(wireInterval('60min', 'spot')).toBe('60min')
    expect(wireInterval('1day', 'futures')).toBe('1day')
  })
})

describe('UTC bucket boundaries', () => {
  const t = U(2024, 4, 15, 13, 47, 31, 250) // Wednesday 2024-05-15 13:47:31.250

  it('minute and hour buckets', () => {
    expect(bucketStart('1min', t)).toBe(U(2024, 4, 15, 13, 47))
    expect(bucketStart('5min', t)).toBe(U(2024, 4, 15, 13, 45))
    expect(bucketStart('15min', t)).toBe(U(2024, 4, 15, 13, 45))
    expect(bucketStart('30min', t)).toBe(U(2024, 4, 15, 13, 30))
    expect(bucketStart('60min', t)).toBe(U(2024, 4, 15, 13))
    expect(bucketStart('1day', t)).toBe(U(2024, 4, 15))
  })

  it('an exact boundary opens its own bucket', () => {
    expect(bucketStart('5min', U(2024, 4, 15, 13, 50))).toBe(U(2024, 4, 15, 13, 50))
    expect(bucketStart('5min', U(2024, 4, 15, 13, 50) - 1)).toBe(U(2024, 4, 15, 13, 45))
  })

  it('weeks start Monday 00:00 UTC', () => {
    expect(bucketStart('1week', t)).toBe(U(2024, 4, 13)) // Monday
    expect(bucketStart('1week', U(2024, 4, 13))).toBe(U(2024, 4, 13))
    expect(bucketStart('1week', U(2024, 4, 12, 23, 59, 59, 999))).toBe(U(2024, 4, 6)) // Sunday -> previous Monday
    expect(bucketStart('1week', U(2020, 0, 1))).toBe(U(2019, 11, 30)) // across a year end
    expect(bucketStart('1week', U(1970, 0, 1))).toBe(U(1969, 11, 29)) // before the first Monday after the epoch
    expect(new Date(bucketStart('1week', t)).getUTCDay()).toBe(1)
    expect(nextBucketStart('1week', U(2024, 4, 13))).toBe(U(2024, 4, 20))
  })

  it('months are calendar months in UTC, leap February included', () => {
    expect(bucketStart('1month', t)).toBe(U(2024, 4, 1))
    expect(bucketStart('1month', U(2024, 1, 29, 23, 59, 59, 999))).toBe(U(2024, 1, 1))
    expect(bucketStart('1month', U(2024, 2, 1))).toBe(U(2024, 2, 1))
    expect(nextBucketStart('1month', U(2024, 0, 1))).toBe(U(2024, 1, 1))
    expect(nextBucketStart('1month', U(2024, 1, 1))).toBe(U(2024, 2, 1))
    expect(nextBucketStart('1month', U(2024, 11, 1))).toBe(U(2025, 0, 1))
  })

  it('next bucket of fixed intervals', () => {
    expect(nextBucketStart('15min', U(2024, 4, 15, 13, 45))).toBe(U(2024, 4, 15, 14))
    expect(nextBucketStart('1day', U(2024, 4, 31))).toBe(U(2024, 5, 1))
  })
})

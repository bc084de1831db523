import fc from 'fast-check'
import { runs } from '../../fast-check-env'
import { describe, expect, it } from 'vitest'
import { splitTarget } from '../../../src-sim/http/target'

/** What the server used before the fast split: WHATWG URL parsing of the request target. */
function viaUrl(target: string): { pathname: string; rawQuery: string } | { error: string } {
  try {
    const url = new URL(target, 'http://127.0.0.1')
    return { pathname: url.pathname, rawQuery: url.search.startsWith('?') ? url.search.slice(1) : '' }
  } catch (e) {
    return { error: (e as Error).message }
  }
}

function viaSplit(target: string): { pathname: string; rawQuery: string } | { error: string } {
  try {
    const { pathname, rawQuery } = splitTarget(target)
    return { pathname, rawQuery }
  } catch (e) {
    return { error: (e as Error).message }
  }
}

describe('splitTarget', () => {
  it('gives the path and raw query URL parsing gives (or its error), for any target', () => {
    const chars = fc.constantFrom(...'/?#.%&=+,:;~_-aZ09 \'"<>\\é\t'.split(''))
    const target = fc.array(chars, { maxLength: 24 }).map((cs) => '/' + cs.join(''))
    fc.assert(
      fc.property(target, (t) => {
        expect(viaSplit(t)).toEqual(viaUrl(t))
      }),
      { numRuns: runs(5000) }
    )
  })

  it('splits a plain target without a URL and hands anything else to URL parsing', () => {
    expect(splitTarget('/spot/open/sapi/v1/depth?symbol=btcusdt&limit=5')).toEqual({
      pathname: '/spot/open/sapi/v1/depth',
      rawQuery: 'symbol=btcusdt&limit=5',
      url: null
    })
    expect(splitTarget('//spot/open').url).not.toBeNull() // '//' starts an authority, not a path
    expect(splitTarget('/spot/open/../x').pathname).toBe('/spot/x')
    expect(splitTarget('/a?b c').rawQuery).toBe('b%20c')
  })
})

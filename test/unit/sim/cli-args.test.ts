import { describe, expect, it } from 'vitest'
import { parseExchangeArgs, UsageError } from '../../../src-sim/cli/args'

describe('parseExchangeArgs', () => {
  it('has defaults a fresh user can run with', () => {
    expect(parseExchangeArgs([])).toEqual({
      port: 0,
      host: '127.0.0.1',
      keys: [],
      seed: 1,
      activity: true,
      history: true,
      historySeed: 1,
      flavor: 'spec',
      dataDir: null,
      control: false
    })
  })

  it('reads several key pairs, each with an optional RSA key', () => {
    const o = parseExchangeArgs([
      '--port',
      '8080',
      '--api-key',
      ' k1 ',
      '--api-secret',
      's1',
      '--rsa-public-key',
      'pub.pem',
      '--api-key',
      'k2',
      '--api-secret',
      's2',
      '--seed',
      '42',
      '--activity',
      'off',
      '--flavor',
      'live',
      '--data-dir',
      '/tmp/x',
      '--control'
    ])
    expect(o.port).toBe(8080)
    expect(o.keys).toEqual([
      { apiKey: 'k1', apiSecret: 's1', rsaPublicKeyFile: 'pub.pem' },
      { apiKey: 'k2', apiSecret: 's2' }
    ])
    expect([o.seed, o.activity, o.flavor, o.dataDir, o.control]).toEqual([42, false, 'live', '/tmp/x', true])
  })

  it('reads the seeded history options', () => {
    const o = parseExchangeArgs(['--history-seed', '7', '--history', 'off'])
    expect([o.history, o.historySeed, o.seed]).toEqual([false, 7, 1])
    expect(parseExchangeArgs(['--history', 'on']).history).toBe(true)
  })

  it.each([
    [['--port', 'abc'], '--port must be a whole number'],
    [['--port', '70000'], '--port must be a whole number'],
    [['--api-key', 'k'], '--api-key and --api-secret must be given together'],
    [['--api-secret', 's'], '--api-secret must follow its --api-key'],
    [['--activity', 'maybe'], '--activity must be "on" or "off"'],
    [['--flavor', 'x'], '--flavor must be "spec" or "live"'],
    [['--seed'], '--seed needs a value'],
    [['--history-seed', '-1'], '--history-seed must be a whole number from 0 to 4294967295'],
    [['--history-seed', '4294967296'], '--history-seed must be a whole number'],
    [['--history', 'yes'], '--history must be "on" or "off"'],
    [['--bogus'], 'unknown option "--bogus"'],
    [['--rsa-public-key', 'f'], '--rsa-public-key must follow']
  ])('rejects %j', (argv, message) => {
    expect(() => parseExchangeArgs(argv)).toThrow(UsageError)
    expect(() => parseExchangeArgs(argv)).toThrow(message)
  })
})

// A whole session recorded: every contract message both ways and every log line of the core, through adding a
// profile with keys, replacing them, signing with them (successfully and not), refusals, orders, streams and
// shutdown. No secret may appear in anything the core sends or logs: not an API secret, not any line of an RSA
// private key, not even a full API key. Secrets may only appear in what the user sent in (add / setSecrets).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startRig } from './harness'

const RSA = readFileSync(join(import.meta.dirname, '../../fixtures/signing/test-only-rsa-private.pem'), 'utf8')

/** The secret itself and, for a PEM, each line of its body (a fragment would leak it too). */
function needles(secret: string): string[] {
  const lines = secret.split(/\r?\n/).filter((l) => l.length >= 16 && !l.startsWith('-----'))
  return [secret.trim(), ...lines]
}

describe('terminal core: no secret leaves main', () => {
  it('keeps every secret out of contract messages and log lines over a whole session', async () => {
    const rig = await startRig({ embedded: { activity: false } })
    const c = rig.client
    const account = async (): Promise<{ apiKey: string; apiSecret: string }> => {
      const r = await fetch(`${rig.core.exchange.url}/sim/v1/accounts`, {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${rig.core.exchange.controlToken}` }
      })
      const a = (await r.json()) as { apiKey: string; apiSecret: string }
      return { apiKey: a.apiKey, apiSecret: a.apiSecret }
    }
    const a = await account()
    const b = await account()
    const wrongSecret = 'wrong-secret-0123456789abcdef'
    const typo = 'typed key with spaces SECRET-TYPO-77'
    const paperId = (await c.invoke('profiles.list', {})).activeProfileId!
    const paper = (await rig.core.vault.credentialsFor(paperId))!
    const urls = {
      baseUrl: rig.core.exchange.url,
      wsSpotUrl: `ws://127.0.0.1:${rig.core.exchange.port}/spot/ws`,
      wsFuturesUrl: `ws://127.0.0.1:${rig.core.exchange.port}/futures/ws`
    }

    const statusPushes: number[] = [] // local ms of each app.onStatus push
    const snapshots: number[] = [] // the poll time (at) of each account.onUpdate snapshot
    const offs = [
      c.subscribe('account.onUpdate', { spotSymbols: ['btcusdt'] }, (e) => void snapshots.push(e.at)),
      c.subscribe('app.onStatus', {}, () => void statusPushes.push(Date.now())),
      c.subscribe('trading.onOrderEvents', {}, () => undefined),
      c.subscribe('profiles.onChange', {}, () => undefined)
    ]
    const added = await c.invoke('profiles.add', { name: 'Remote', ...urls, secrets: { ...a, rsaPrivateKey: RSA } })
    const id = added.profile.id
    await c.invoke('profiles.secretStatus', { profileId: id })
    await c.invoke('account.balances', { profileId: id })
    // RSA-signed with a key the venue does not know: refused by the venue.
    await c.invoke('transfer.futuresBalance', { profileId: id }).catch(() => undefined)
    await c.invoke('profiles.setSecrets', { profileId: id, ...b, rsaPrivateKey: RSA })
    await c.invoke('account.openOrders', { profileId: id, module: 'spot', symbol: 'btcusdt' })
    await c.invoke('profiles.setSecrets', { profileId: id, apiKey: b.apiKey, apiSecret: wrongSecret })
    await c.invoke('account.balances', { profileId: id }).catch(() => undefined)
    await c
      .invoke('trading.placeOrder', {
        profileId: id,
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '20000',
        volume: '0.01'
      })
      .catch(() => undefined)
    await c
      .invoke('profiles.setSecrets', { profileId: id, apiKey: typo, apiSecret: b.apiSecret })
      .catch(() => undefined)
    await c
      .invoke('profiles.setSecrets', {
        profileId: id,
        apiKey: b.apiKey,
        apiSecret: b.apiSecret,
        rsaPrivateKey: `-----BEGIN PRIVATE KEY-----\n${typo}\n-----END PRIVATE KEY-----`
      })
      .catch(() => undefined)
    await c
      .invoke('profiles.add', { name: 'Remote 2', ...urls, secrets: { apiKey: typo, apiSecret: wrongSecret } })
      .catch(() => undefined)

    // The paper account: orders, a refusal, a venue rejection, a transfer (RSA-signed with the paper key).
    const ack = await c.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '20000',
      volume: '0.01'
    })
    await c.invoke('trading.cancelOrder', { module: 'spot', symbol: 'btcusdt', orderId: ack.orderId! })
    await c
      .invoke('trading.placeOrder', {
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '20000.001',
        volume: '0.01'
      })
      .catch(() => undefined)
    await c
      .invoke('trading.placeOrder', {
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '60000',
        volume: '100'
      })
      .catch(() => undefined)
    const beforeTransfer = Date.now()
    await c.invoke('transfer.submit', { direction: 'spot-to-futures', coin: 'USDT', amount: '10' })
    // A few status pushes and polls after all that, so they are in the record too: wait until they have happened.
    // Snapshots are sent only on change; the transfer changes the balances, so one is sent after it began (whether
    // a regular poll or the refresh after the action sees it first).
    const afterTransfer = Date.now()
    await expect
      .poll(() => statusPushes.filter((t) => t >= afterTransfer).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2)
    await expect
      .poll(() => snapshots.filter((at) => at >= beforeTransfer).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1)
    await c.invoke('profiles.deleteSecrets', { profileId: id })
    await c.invoke('profiles.remove', { profileId: id })
    offs.forEach((off) => off())
    await rig.close()

    const secrets = [
      a.apiKey,
      a.apiSecret,
      b.apiKey,
      b.apiSecret,
      wrongSecret,
      typo,
      paper.apiKey,
      paper.apiSecret,
      paper.rsaPrivateKey!,
      RSA
    ].flatMap(needles)
    const outbound = [...rig.wire.filter((m) => m.dir === 'out').map((m) => m.text), ...rig.logs]
    expect(outbound.length).toBeGreaterThan(40)
    expect(rig.logs.some((l) => /-1022/.test(l))).toBe(true) // refusals are logged (scrubbed)
    for (const text of outbound)
      for (const s of secrets) expect(text.includes(s), `a secret in: ${text.slice(0, 120)}`).toBe(false)

    // Inbound, secrets are only in what the user typed into add / setSecrets.
    for (const m of rig.wire.filter((x) => x.dir === 'in')) {
      const carries = secrets.some((s) => m.text.includes(s))
      if (carries) expect(JSON.parse(m.text).channel).toMatch(/^profiles\.(add|setSecrets)$/)
    }
    // The session did reach the venue with those keys and did get errors back (so the paths were exercised).
    expect(rig.wire.some((m) => m.dir === 'out' && m.text.includes('"code":"exchange"'))).toBe(true)
    expect(rig.wire.some((m) => m.dir === 'out' && m.text.includes('apiKeyMasked'))).toBe(true)
  }, 60_000)
})

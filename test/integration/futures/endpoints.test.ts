// Every futures entry of the catalog, on every path (aliases included), is served by the embedded exchange:
// nothing answers "not served" or an unknown path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG } from '@shared/api/catalog'
import { futuresRig, publicGet, type FClient, type FuturesRig } from './harness'

let rig: FuturesRig
let alice: FClient

beforeAll(async () => {
  rig = await futuresRig()
  alice = await rig.client({ usdt: '10' })
})
afterAll(() => rig.close())

const futures = CATALOG.filter((d) => d.gateway === 'futures')

describe('futures catalog coverage', () => {
  it('has 38 futures paths', () => {
    expect(futures.flatMap((d) => [d.path, ...d.aliases])).toHaveLength(38)
  })

  it.each(futures.flatMap((d) => [d.path, ...d.aliases].map((p) => [d.id, p, d] as const)))(
    '%s %s is served',
    async (_id, path, def) => {
      const rel = path.replace('/fapi/v1/', '')
      let r
      if (def.security === 'NONE') r = await publicGet(rig.ex, rel)
      else if (def.security === 'RSA')
        r = {
          status: 0,
          body: (await (
            await fetch(`${rig.ex.url}/futures/open${path}`, { method: 'POST', headers: { 'X-CH-APIKEY': 'fkey-1' } })
          ).json()) as any
        }
      else r = def.method === 'GET' ? await alice.get(rel) : await alice.post(rel)
      expect(String(r.body?.msg ?? '')).not.toMatch(/not served|Unknown path/)
    }
  )
})

import { describe, expect, it } from 'vitest'
import { terminalContract } from '@shared/ipc/contract'
import type { ServerMessage } from '@shared/ipc/contract-kit'
import { createContractServer } from '../../../src-main/contract/contract-server'
import { contractHandlers, type Services } from '../../../src-main/core/contract-handlers'

function call(services: Partial<Services>, payload: unknown): Promise<ServerMessage> {
  const server = createContractServer(terminalContract, contractHandlers(services as Services))
  return new Promise((resolve) =>
    server.connect(resolve, { connectionId: 't' }).receive({ t: 'call', id: 1, channel: 'windows.open', payload })
  )
}

describe('windows.open', () => {
  it('asks the desktop shell to open the window', async () => {
    const opened: unknown[] = []
    const reply = await call(
      { windows: { open: (w) => opened.push(w) } },
      { kind: 'market', module: 'futures', symbol: 'E-BTC-USDT' }
    )
    expect(reply).toEqual({ t: 'result', id: 1, ok: true, value: { opened: true } })
    expect(opened).toEqual([{ kind: 'market', module: 'futures', symbol: 'E-BTC-USDT' }])
  })

  it('answers opened: false where there is no shell (the browser opens its own tab)', async () => {
    expect(await call({}, { kind: 'monitor', layout: 'default' })).toMatchObject({ ok: true, value: { opened: false } })
  })

  it('refuses anything but a known route, naming the field', async () => {
    const reply = await call(
      { windows: { open: () => undefined } },
      { kind: 'market', module: 'spot', symbol: '../../etc' }
    )
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-input', field: 'symbol' } })
  })
})

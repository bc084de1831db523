// Acknowledged means durable: a writer killed with SIGKILL at a random moment loses no acknowledged command, and
// the recovered state is exactly the replay of the commands that survived (a prefix of what was committed).
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openDurableState } from '../../../src-sim/store/durable-state'
import { tempDir } from '../../unit/store/helpers'
import { expectedLedger, ledgerMachine, type Ledger, type LedgerCmd } from './fixtures/ledger'

const child = fileURLToPath(new URL('./fixtures/ledger-child.ts', import.meta.url))

/** Runs the writer until `acks` acknowledgements, kills it, returns what it reported. */
async function runAndKill(dir: string, acks: number): Promise<{ ready: number; acked: number[] }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, dir], { stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve())) // reaped: its pid is gone
  const acked: number[] = []
  let ready = -1
  for await (const line of createInterface({ input: proc.stdout })) {
    const [word, n] = line.split(' ')
    if (word === 'ready') ready = Number(n)
    if (word === 'ack') acked.push(Number(n))
    if (acked.length === acks) proc.kill('SIGKILL') // lines already in the pipe are still read below
  }
  await exited
  expect(proc.signalCode).toBe('SIGKILL')
  return { ready, acked }
}

describe('kill -9', () => {
  it('keeps every acknowledged command across repeated SIGKILLs', { timeout: 60_000 }, async () => {
    const dir = tempDir()
    let recovered = 0
    for (const acks of [300, 1700, 40, 900, 2500]) {
      const { ready, acked } = await runAndKill(dir, acks)
      expect(ready).toBe(recovered)
      expect(acked.length).toBeGreaterThanOrEqual(acks)

      const ds = await openDurableState<Ledger, LedgerCmd>({ dir, ...ledgerMachine })
      const ids = ds.state.ids
      recovered = ids.length
      expect(ids[ids.length - 1]).toBe(recovered) // ids are 1..recovered: a prefix of what was committed
      expect(recovered).toBeGreaterThanOrEqual(Math.max(...acked))
      expect(ds.state).toEqual(expectedLedger(recovered))
      await ds.close()
    }
  })
})

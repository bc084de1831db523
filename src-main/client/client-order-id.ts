// Client order ids: every order gets one before it is sent (docs/ARCHITECTURE.md), so an unknown outcome can be
// reconciled by querying it. Unique per process by a counter, across restarts by the time, across terminals by
// a random prefix; 20 characters of [0-9a-z], inside the futures limit of fewer than 32.
import { randomBytes } from 'node:crypto'

const PREFIX = randomBytes(4).readUInt32BE(0).toString(36).padStart(7, '0').slice(0, 7)
let seq = 0

export function makeClientOrderId(now: number = Date.now()): string {
  seq = (seq + 1) % 36 ** 4
  return `t${PREFIX}${now.toString(36).slice(-8)}${seq.toString(36).padStart(4, '0')}`
}

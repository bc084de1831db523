// The renderer's one typed client of the terminal contract: Electron IPC through the preload, or the browser
// host's WebSocket. Stores talk to main only through it.
import type { TerminalContract } from '@shared/ipc/contract'
import { connectTerminal } from '../bridge/terminal-bridge'
import type { ContractClient } from '@shared/ipc/contract-client'

let client: ContractClient<TerminalContract> | null = null

export function terminal(): ContractClient<TerminalContract> {
  client ??= connectTerminal<TerminalContract>()
  return client
}

/** Tests (happy-dom) inject a fake client here. */
export function setTerminalClient(fake: ContractClient<TerminalContract>): void {
  client = fake
}

// The words for where a profile's keys are kept, from main's answer (SecretStatusView.keptIn), so no screen or
// toast says "in the OS keychain" for keys main holds for this session only (the paper profile without a keychain).
import type { SecretStatusView } from '@shared/ipc/views/profiles'

export function keptInWords(s: Pick<SecretStatusView, 'keptIn'> | undefined): string {
  if (s?.keptIn === 'keychain') return 'in the OS keychain'
  if (s?.keptIn === 'session') return 'held for this session only (no keychain)'
  return ''
}

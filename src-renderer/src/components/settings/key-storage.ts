// The words for where a profile's keys are kept, from main's answer (SecretStatusView.keptIn), so no screen or
// toast says "in the OS keychain" for keys main holds for this session only (the paper profile without a keychain).
import type { SecretStatusView } from '@shared/ipc/views/profiles'
import { t } from '../../i18n'

export function keptInWords(s: Pick<SecretStatusView, 'keptIn'> | undefined): string {
  if (s?.keptIn === 'keychain' || s?.keptIn === 'session') return t(`app.keys.keptIn.${s.keptIn}`)
  return ''
}

// An entry of the notification center in the window's words: what a window told as it told it, and what main saw
// (an alert fire, a spot or margin order's fill) worded here in the window's language and number format, as its
// toast was (alert words of alerts.ts, order outcomes of lib/order-outcome.ts and lib/fill-words.ts).
import type { NoticeView } from '@shared/ipc/views/notices'
import { t } from '../i18n'
import { outcomeWords } from '../lib/fill-words'
import { num } from '../lib/format'
import { marketLabel } from '../lib/market-label'
import { spotOutcome } from '../lib/order-outcome'
import { describeRule } from './alerts'
import { useInstrumentsStore } from './instruments'

export interface NoticeWords {
  title: string
  text: string
  code: string | null
}

export function noticeWords(n: NoticeView): NoticeWords {
  const s = n.subject
  if (s.type === 'told') return { title: s.title, text: s.text, code: s.code }
  const instruments = useInstrumentsStore()
  if (s.type === 'alert') {
    const f = s.fire
    return {
      title: t('alerts.fired.title', { market: marketLabel(f.module, f.symbol, (x) => instruments.symbolOf(x)) }),
      text: t('alerts.fired.text', { rule: describeRule(f.source, f.rule), price: num(f.price) }),
      code: null
    }
  }
  const w = outcomeWords(spotOutcome(s.order, instruments.symbolOf(s.order.symbol)))
  return { title: w.title, text: w.text, code: null }
}

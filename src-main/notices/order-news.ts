// Which change of a spot or margin order (main's order history) is news for the notification center: its first fill
// while it rests (not each growth after it: a rest filling in small steps on a thin book would list one entry per
// step; the window's one toast per order shows each in place), and the order's end (filled, canceled with part
// filled, or a market/IOC order that filled nothing). A finished order with fills is news only once its average is
// known, so the one entry carries the whole truth; a limit order canceled with nothing filled is no fill (the cancel
// said it). The key names the news: recorded again, it is listed once.
import { compare, isDecimalText } from '@shared/decimal'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'

const ENDED = new Set(['FILLED', 'CANCELED', 'CANCELLED', 'EXPIRED', 'REJECTED'])

/** The entry's key if the order's state is news, else null. */
export function orderNewsKey(o: OrderHistoryEntryView): string | null {
  const filled = isDecimalText(o.executed) && compare(o.executed, '0') > 0
  const at = `order:${o.module}:${o.orderId}`
  if (!ENDED.has(o.status)) return filled ? `${at}:first` : null
  if (filled && (o.avgPrice === null || !isDecimalText(o.avgPrice) || compare(o.avgPrice, '0') === 0)) return null
  if (!filled && o.status !== 'REJECTED' && o.type === 'LIMIT') return null
  return `${at}:end`
}

// The venue's enum names (CLOSING_PNL, PARTIALLY_FILLED, PENDING_REVIEW, BUY) in the user's words for tables and
// messages (catalog `orders.enum`); CSV exports keep the venue's names. A name the catalog lacks (a constant the venue
// added since) reads as its words in sentence case, never as the raw constant.
import { orders } from '@shared/i18n/en/orders'
import { t } from '../i18n'

type EnumName = keyof typeof orders.enum
type SideOpen = keyof typeof orders.sideOpen
const isEnum = (name: string): name is EnumName => Object.hasOwn(orders.enum, name)
const isSideOpen = (name: string): name is SideOpen => Object.hasOwn(orders.sideOpen, name)

/** "CLOSING_PNL" -> "Closing PnL"; an unknown "SOME_NEW_THING" -> "Some new thing". */
export function enumWords(name: string | null | undefined): string {
  if (!name) return '–'
  const upper = name.toUpperCase()
  if (isEnum(upper)) return t(`orders.enum.${upper}`)
  if (!/^[A-Z][A-Z0-9_]*$/.test(name)) return name // already words (or a venue's own text): as sent
  const words = name.toLowerCase().replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A futures order's side and what it does to the position ("Buy open", "Sell close"); the side alone without one. */
export function sideOpenWords(side: string, open: string | null | undefined): string {
  if (!open) return enumWords(side)
  const key = `${side}_${open}`.toUpperCase()
  return isSideOpen(key) ? t(`orders.sideOpen.${key}`) : `${enumWords(side)} ${enumWords(open)}`
}

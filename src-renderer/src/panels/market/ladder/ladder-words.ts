// What the ladder's cells say: the text of an own-order cell, a cell's words for a screen reader (its aria-label and
// what the keyboard announces) and what a click on it does (its title), in the window's language.
import { t } from '../../../i18n'
import type { FittedSize } from './fit-size'
import type { SizeCol } from './use-ladder-fit'
import { FEED_DEPTH, isOwnCol, type LadderCol, type LadderRow, type OwnSide } from '../../../lib/price-ladder'

export interface LadderWordsContext {
  /** Why a click sends nothing now, or null. */
  blocked(): string | null
  /** The saved size a click places, or null. */
  size(): string | null
  unit(): string
  price(p: string): string
  qty(q: string | null): string
  /** A size fitted to a column's room, less `used` characters. */
  fit(q: string, col: SizeCol, used?: number): FittedSize
}

export interface LadderWords {
  ownText(row: LadderRow, side: OwnSide): string
  cellWords(row: LadderRow, col: LadderCol): string
  clickTitle(row: LadderRow, col: LadderCol): string
}

export function ladderWords(c: LadderWordsContext): LadderWords {
  function ownText(row: LadderRow, side: OwnSide): string {
    const o = row[side]
    if (!o) return ''
    // The side's letter goes first when the column is too narrow for the whole size (the column says the side).
    const count = o.count > 1 ? `×${o.count} ` : ''
    const head = `${t(side === 'buys' ? 'ladder.own.buy' : 'ladder.own.sell')} ${count}`
    const whole = c.fit(o.remaining, side, head.length)
    return whole.exact ? `${head}${whole.text}` : `${count}${c.fit(o.remaining, side, count.length).text}`
  }
  function ownWords(row: LadderRow, side: OwnSide): string {
    const o = row[side]
    if (!o) return ''
    return t('ladder.own.words', {
      count: o.count,
      side: t(side === 'buys' ? 'ladder.own.buySide' : 'ladder.own.sellSide'),
      remaining: c.qty(o.remaining)
    })
  }
  function clickTitle(row: LadderRow, col: LadderCol): string {
    const why = c.blocked()
    if (why) return why
    const p = c.price(row.price)
    if (col === 'bid' || col === 'ask') {
      const size = c.size()
      return size ? t(`ladder.cell.${col}`, { size, unit: c.unit(), price: p }) : t('ladder.cell.noSize')
    }
    const own = isOwnCol(col) ? row[col] : null
    return own ? t('ladder.cell.own', { n: own.count, price: p }) : ''
  }
  function cellWords(row: LadderRow, col: LadderCol): string {
    const p = c.price(row.price)
    const head = `${t(`ladder.cols.${col}`)} ${p}`
    if (col === 'price') return row.last ? `${head}, ${t('ladder.lastWords', { price: p })}` : head
    if (col === 'bid' || col === 'ask') {
      const beyond = col === 'bid' ? row.bidBeyond : row.askBeyond
      const size = beyond ? t('ladder.beyond', { n: FEED_DEPTH }) : c.qty(row[col]) || '–'
      return `${head}: ${size}. ${clickTitle(row, col)}`
    }
    return row[col] ? `${ownWords(row, col)}. ${clickTitle(row, col)}` : head
  }
  return { ownText, cellWords, clickTitle }
}

// Why a ladder sends nothing, in words: it places through the order form, which follows the window's main market.
// A pop-out has no order form; a second market panel of the main window has one, for another market.
import { t } from '../../../i18n'
import { parseRoute } from '../../../layout/routes'

export const notHereWords = (): string =>
  t(parseRoute(window.location.hash).kind === 'main' ? 'ladder.notHerePanel' : 'ladder.notHere')

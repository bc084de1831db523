// Close all (the positions table, the flatten hotkey) and the futures algorithms still running on the contracts it
// closes: one that opens could open the position again right after; a close-only one cannot, and is said so (once
// flat it has nothing to close). Their confirmation names each one and offers to stop them first (the trader's choice,
// ticked at first). A stop goes through main's own path (algos.cancel: the
// algorithm's live orders cancelled and read final), on the account the close was confirmed for, and is waited for
// until main shows the algorithm ended, so none of its orders is resting or on its way when the close orders go.
import { watch } from 'vue'
import type { AlgoView } from '@shared/ipc/views/algos'
import { t } from '../i18n'
import { contractLabel } from '../i18n/market-words'
import { actionWords } from '../lib/order-summary'
import { num } from '../lib/format'
import { terminal } from '../services/terminal'
import { useAlgosStore } from './algos'
import { profileParam, shownProfileId } from './profile-scope'
import { errorText } from './trading'

/** An algorithm in these states may still send orders. */
const LIVE = new Set<AlgoView['state']>(['waiting', 'working', 'paused'])
const ENDED = new Set<AlgoView['state']>(['done', 'cancelled', 'failed'])
/** How long a stop may take (its orders cancelled and read final) before the close of its contract gives up. */
export const STOPPED_WITHIN_MS = 15_000

/** One stop asked for, in words: `ok` when the algorithm has ended (stopped, or it had ended anyway). */
export interface AlgoStop {
  algo: AlgoView
  ok: boolean
  text: string
}

/** The futures algorithms of `list` that may still send orders on one of these contracts. */
export const liveAlgosOn = (list: readonly AlgoView[], contracts: readonly string[]): AlgoView[] =>
  list.filter((a) => a.module === 'futures' && contracts.includes(a.symbol) && LIVE.has(a.state))

/**
 * The shown account's running futures algorithms on these contracts: main's live list once it came, else read from
 * main now (a list not yet come is not an empty one). Throws when it cannot be read.
 */
export async function runningAlgosOn(contracts: readonly string[]): Promise<AlgoView[]> {
  const algos = useAlgosStore()
  algos.start()
  const list = algos.loaded ? algos.list : await terminal().invoke('algos.list', profileParam())
  return liveAlgosOn(list, contracts)
}

/** What a close-all confirmation asks about the algorithms on its contracts (one read for the table and the hotkey). */
export interface AlgosAsk {
  running: AlgoView[]
  /** Why they could not be read, in words: said in the confirmation, which is then asked whatever the setting. */
  unread: string | null
  /** The choice to stop them first, ticked at first; none when none runs. */
  choice?: { label: string; on: boolean }
}

export async function algosToAsk(contracts: readonly string[]): Promise<AlgosAsk> {
  try {
    const running = await runningAlgosOn(contracts)
    return {
      running,
      unread: null,
      ...(running.length ? { choice: { label: stopAlgosLabel(running), on: true } } : {})
    }
  } catch (e) {
    return { running: [], unread: t('orders.positions.algosUnread', { reason: errorText(e) }) }
  }
}

/** The outcome's lines before each position's: how each stop went, then how many were left running as chosen. */
export const stopsSaid = (stops: readonly AlgoStop[], left: number): string[] => [
  ...stops.map((s) => s.text),
  ...(left ? [t('orders.positions.algosLeft', { n: left })] : [])
]

/** Its orders only close (a futures algorithm made to close): it cannot open a position. */
export const closeOnly = (a: AlgoView): boolean => a.open === 'CLOSE'

/**
 * The warning lines for the algorithms `list` still running: those that may open a position again, then the
 * close-only ones, each counted in its own words (`opening` and `closing` are the two catalog keys, given `n`).
 */
export function runningWords(
  list: readonly AlgoView[],
  opening: 'orders.positions.closeAllAlgos' | 'hotkeys.ask.flattenAlgos',
  closing: 'orders.positions.closeAllCloseAlgos' | 'hotkeys.ask.flattenCloseAlgos',
  params: Record<string, string> = {}
): string[] {
  const closers = list.filter(closeOnly).length
  const openers = list.length - closers
  return [
    ...(openers ? [t(opening, { ...params, n: openers })] : []),
    ...(closers ? [t(closing, { ...params, n: closers })] : [])
  ]
}

/** "TWAP (Close long 10 contracts on BTC/USDT perpetual)". */
export const algoName = (a: AlgoView): string =>
  t('orders.positions.algoName', {
    kind: t(`algoUi.kinds.${a.kind}`),
    action: actionWords({ side: a.side, open: a.open }),
    n: num(a.quantity),
    market: contractLabel(a.symbol)
  })

/** The choice's words: "Also stop these 2 algorithms before closing: TWAP …; Chase …". */
export const stopAlgosLabel = (list: readonly AlgoView[]): string =>
  t('orders.positions.stopAlgos', { n: list.length, names: list.map(algoName).join('; ') })

/**
 * Stops each algorithm on the account `pinned` (the one the close was confirmed for) and waits until main shows
 * every stopped one ended, or STOPPED_WITHIN_MS. Nothing is asked once the window shows another account.
 */
export async function stopAlgos(list: readonly AlgoView[], pinned: string | null): Promise<AlgoStop[]> {
  const algos = useAlgosStore()
  algos.start() // main's list tells when each one has ended
  const answered = new Map<string, AlgoView>()
  const refused = new Map<string, string>()
  for (const a of list) {
    if (shownProfileId() !== pinned) {
      refused.set(a.id, t('orders.positions.profileChanged'))
      continue
    }
    try {
      answered.set(a.id, await terminal().invoke('algos.cancel', { ...profileParam(pinned), id: a.id }))
    } catch (e) {
      refused.set(a.id, errorText(e))
    }
  }
  const state = (id: string): AlgoView['state'] | undefined => {
    const listed = algos.list.find((x) => x.id === id)?.state
    return listed && ENDED.has(listed) ? listed : answered.get(id)?.state
  }
  const waiting = () => [...answered.keys()].filter((id) => !ENDED.has(state(id)!))
  if (waiting().length) await until(() => !waiting().length || shownProfileId() !== pinned)
  return list.map((a0) => {
    // As main shows it last: its children then are those it cancelled on the way to its end.
    const a = algos.list.find((x) => x.id === a0.id) ?? answered.get(a0.id) ?? a0
    const algo = algoName(a)
    const why = refused.get(a.id)
    if (why !== undefined)
      return { algo: a, ok: false, text: t('orders.positions.algoNotStopped', { algo, reason: why }) }
    const s = state(a.id)!
    if (s === 'cancelled') return { algo: a, ok: true, text: t('orders.positions.algoStopped', { algo }) }
    if (ENDED.has(s))
      return { algo: a, ok: true, text: t('orders.positions.algoEnded', { algo, state: t(`algoUi.states.${s}`) }) }
    const secs = STOPPED_WITHIN_MS / 1000
    return { algo: a, ok: false, text: t('orders.positions.algoStillStopping', { algo, s: secs }) }
  })
}

/** Resolves once `done()` holds on main's algorithm list, or after STOPPED_WITHIN_MS. */
function until(done: () => boolean): Promise<void> {
  const algos = useAlgosStore()
  return new Promise((resolve) => {
    const timer = setTimeout(finish, STOPPED_WITHIN_MS)
    const stop = watch(
      () => algos.list,
      () => done() && finish()
    )
    function finish(): void {
      clearTimeout(timer)
      stop()
      resolve()
    }
  })
}

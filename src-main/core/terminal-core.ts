// The composition root of the main process, plain Node (Electron's app.ts and the browser host both start it):
// vault -> embedded exchange + paper profile -> per-profile venues (client, order gateway) -> market feeds ->
// services -> the contract server. An embedded-exchange data folder this build cannot open is kept aside for a
// fresh one, and the user told once (app.info's notices). Every log line of the core goes through one scrubbed
// log function, and every error leaving through the contract through one mapping (codes and safe messages only).
// Every secret loaded is registered with one scrubber (secret-scrub.ts) that every contract message, stored file and
// log line passes: a venue echoing the API key in its answers cannot carry it further.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compare } from '@shared/decimal'
import type { LanguageChoice } from '@shared/i18n/locales'
import { inEnglish } from '@shared/i18n/translate'
import type { Words } from '@shared/i18n/words'
import { terminalContract } from '@shared/ipc/contract'
import type { StartupNoticeView } from '@shared/ipc/views/profiles'
import type { RunningExchange } from '../../src-sim'
import type { ExchangeClientOptions } from '../client'
import { createContractServer } from '../contract/contract-server'
import { MarketFeeds } from '../feeds'
import type { OrderGatewayOptions } from '../orders'
import { OrderHistory, type OrderHistoryOptions } from '../orders/order-history'
import { AccountService } from '../services/account-service'
import { LivePrices } from '../services/alert-prices'
import { AlertService } from '../services/alert-service'
import { AlertStore } from '../services/alert-store'
import { AlgoService } from '../algos/algo-service'
import { NoticeStore } from '../notices/notice-store'
import { NoticesService } from '../notices/notices-service'
import { gatewayVenue } from '../algos/algo-venue'
import { enforce } from '../services/errors'
import { checkFuturesOrder, checkSpotOrder, volumeDecimals } from '@shared/trading/order-rules'
import type { AlertFireView } from '@shared/ipc/views/alerts'
import { errorBody } from '../services/errors'
import { FuturesTradingService } from '../services/futures-trading-service'
import { TpSlKeeper } from '../services/tpsl-keeper'
import { Instruments } from '../services/instruments'
import { MarketDataService } from '../services/market-data-service'
import { MarketStreams } from '../services/market-streams'
import { OrderHistoryService } from '../services/order-history-service'
import { historyEntry } from '../services/order-views'
import { EquitySampler } from '../services/equity-sampler'
import { EquityStore } from '../services/equity-store'
import { PnlService } from '../services/pnl-service'
import { PollScheduler } from '../services/poll-scheduler'
import { PreferencesService, readLanguageChoice } from '../services/preferences-service'
import { ProfileService } from '../services/profile-service'
import { StatusService } from '../services/status-service'
import { TradingService, type AfterAction } from '../services/trading-service'
import { TransferService } from '../services/transfer-service'
import { undeterminedFile, Venues } from '../services/venues'
import { warmOpeningBook } from '../services/warm-book'
import { KeychainUnavailableError, Vault, type SecretStore } from '../vault'
import { contractHandlers, type WindowHost } from './contract-handlers'
import {
  embeddedUrls,
  ensurePaperProfile,
  probeKeychain,
  sessionPaperProfile,
  startEmbeddedExchange,
  type EmbeddedOptions
} from './embedded'
import { createMapError } from './map-error'
import { ProfileStreams } from './profile-streams'
import { Redactor, scrubbedLog, type Log } from './redactor'
import { SecretScrub } from './secret-scrub'
import type { Module } from '@shared/module'

export interface TerminalCoreOptions {
  /** The app's user-data folder: profiles.json, the embedded exchange's state. */
  userDataDir: string
  /** Default: the OS keychain (keytar). Tests pass MemorySecretStore. */
  secrets?: SecretStore
  embedded?: EmbeddedOptions
  /** Where the core's (scrubbed) log lines go. Default console.log. */
  log?: Log
  /** The desktop shell's window opener (Electron); the browser host has none. */
  windows?: WindowHost
  /** Tuning for tests: poll interval, exchange client, gateway and order-history options. */
  tuning?: {
    pollBaseMs?: number
    client?: Partial<ExchangeClientOptions>
    gateway?: Omit<OrderGatewayOptions, 'client' | 'onEvent'>
    history?: Pick<OrderHistoryOptions, 'maxOrders' | 'settleDelayMs' | 'requeryMs' | 'retryMs'>
    /** The mark and index poll of price alerts. */
    alertPollMs?: number
    /** How often algorithms read their live child orders (default 1000 ms). */
    algoPollMs?: number
    /** How often each profile's equity is sampled (default 15 minutes). */
    equityIntervalMs?: number
  }
}

export interface TerminalCore {
  server: ReturnType<typeof createContractServer<typeof terminalContract>>
  exchange: RunningExchange
  vault: Vault
  log: Log
  /** The per-profile trading and account streams open now (counted per profile) and their sequences. */
  profileStreams: ProfileStreams
  /**
   * Order actions and operations without a verdict yet, over every profile: the desktop shell's updater waits for 0.
   */
  actionsInFlight(): number
  /** The user's language choice (app.language), and a listener told when it changes (returns its remover). */
  language: { choice(): LanguageChoice; onChange(listener: (choice: LanguageChoice) => void): () => void }
  /** Told every price alert that fires, of every profile (the desktop shell's notification); returns its remover. */
  onAlertFire(listener: (profileId: string, fire: AlertFireView) => void): () => void
  close(): Promise<void>
}

const preferencesFile = (userDataDir: string): string => join(userDataDir, 'preferences.json')

/** The language choice the preferences hold, read without starting the core (the words of a failed start). */
export const startupLanguage = (userDataDir: string): LanguageChoice => readLanguageChoice(preferencesFile(userDataDir))

const APP_NAME = 'CH Trader'

/** A startup notice: its English (`text` when given as it was written) beside its catalog words. */
function startupNotice(
  id: string,
  title: Words,
  text: Words,
  o: { text?: string; path: string | null }
): StartupNoticeView {
  return { id, title: inEnglish(title), text: o.text ?? inEnglish(text), path: o.path, words: { title, text } }
}

/** The catalog words of a file kept aside, by area: named whole, so the catalog's key check sees them used. */
const KEPT_ASIDE_WORDS = {
  alerts: { title: 'alerts.keptAsideTitle', text: 'alerts.keptAside' },
  algos: { title: 'algos.keptAsideTitle', text: 'algos.keptAside' }
} as const

/** A file of `area` (alerts, algos) kept aside at start as unreadable. */
function keptAsideNotice(
  area: keyof typeof KEPT_ASIDE_WORDS,
  r: { keptAt: string; reason: string }
): StartupNoticeView {
  const w = KEPT_ASIDE_WORDS[area]
  return startupNotice(
    `${area}-kept-aside:${r.keptAt}`,
    { key: w.title },
    { key: w.text, params: { reason: r.reason, path: r.keptAt } },
    { path: r.keptAt }
  )
}

function appVersion(): string {
  try {
    // src-main/core in development, out/main once bundled: the package root is two folders up from both.
    return String(
      (JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version?: unknown })
        .version ?? '0.0.0'
    )
  } catch {
    return '0.0.0'
  }
}

export async function startTerminalCore(o: TerminalCoreOptions): Promise<TerminalCore> {
  const redactor = new Redactor()
  const scrub = new SecretScrub()
  const onSecret = (v: string): void => {
    redactor.add(v)
    scrub.add(v)
  }
  const scrubStored = <T>(v: T): T => scrub.value(v)
  const sink = o.log ?? ((line) => console.log(line))
  const log = scrubbedLog(redactor, (line) => sink(scrub.text(line)))
  const startedAt = Date.now()
  const vault = await Vault.open({ userDataDir: o.userDataDir, secrets: o.secrets })
  if (vault.recovery)
    log(`profiles: a corrupt profiles file was moved to ${vault.recovery.backupPath} (${vault.recovery.reason})`)
  // The paper profile's order history describes orders of the exchange's data (whose ids a fresh exchange issues
  // again): a data folder kept aside takes it along, and the paper account starts a new one.
  const paperId = vault.profiles.list().find((p) => p.kind === 'embedded')?.id
  const undeterminedDir = join(o.userDataDir, 'undetermined-orders')
  // Its undetermined orders too: they name orders of that data.
  const paperFiles = paperId
    ? [join(o.userDataDir, 'order-history', `${paperId}.jsonl`), undeterminedFile(undeterminedDir, paperId)]
    : []
  // Without a keychain the paper profile's session RSA key is made while the exchange starts (not after it).
  const keychain = probeKeychain(vault)
  const { exchange, setAside } = await startEmbeddedExchange(o.userDataDir, o.embedded ?? {}, log, paperFiles)
  const notices: StartupNoticeView[] = []
  try {
    if (setAside)
      notices.push(
        startupNotice(`embedded-set-aside:${setAside.keptAt}`, { key: 'main.notice.paperResetTitle' }, setAside.words, {
          text: setAside.message,
          path: setAside.keptAt
        })
      )
    const venues = new Venues({
      vault,
      embedded: embeddedUrls(exchange),
      onSecret,
      client: o.tuning?.client,
      gateway: o.tuning?.gateway,
      undeterminedDir,
      log,
      scrubStored
    })
    // Without a keychain the paper profile still works, on keys held for this session only; remote profiles
    // need the keychain (their keys are refused with its error, never stored in plain text).
    const paper = await ensurePaperProfile(vault, exchange, log, keychain).catch((e: unknown) => {
      if (!(e instanceof KeychainUnavailableError)) throw e
      log(`keychain: ${e.message}`)
      return sessionPaperProfile(vault, exchange, venues, log, keychain.sessionKey)
    })
    if (paper) await venues.credentials(paper.id) // loads (and registers for scrubbing) the paper keys up front
    const feeds = new MarketFeeds({
      resolve: (t) => venues.feedEndpoint(t),
      onError: (e, where) => log(`feeds: ${where}: ${errorBody(e).message}`)
    })
    venues.onDrop((profileId) => {
      feeds.closeTarget({ profileId, gateway: 'spot' })
      feeds.closeTarget({ profileId, gateway: 'futures' })
    })
    const isProfile = (id: string): boolean => vault.profiles.list().some((p) => p.id === id)
    // A venue replaced (its URLs changed) closed its feeds under a follower of prices (alerts, algorithms): it follows
    // the new one; a profile removed is followed no more.
    const refollowOnReplace = (follower: { refollow(id: string): void }): void => {
      venues.onDrop((id) => queueMicrotask(() => isProfile(id) && follower.refollow(id)))
    }
    const instruments = new Instruments(venues)
    const account = new AccountService(venues, instruments)
    const scheduler = new PollScheduler({ source: account, baseMs: o.tuning?.pollBaseMs, log })
    // Spot/margin order history: what the gateway settles and every open-orders list read; unfinished orders of
    // every profile are read back from their venue now.
    // Orders seen on the venue (history records, open-orders lists) answer undetermined actions: the gateway settles
    // them (the renderer derives no outcome).
    const sawOrders = (
      id: string,
      orders: readonly {
        module: Module
        symbol: string
        orderId: string
        clientOrderId: string | null
        status: string
      }[]
    ): void => venues.get(id).gateway.sawOrders(orders.map((x) => ({ ...x, market: x.module })))
    // The notification center of every profile (notices.json): main lists the alert fires and spot/margin fills it
    // sees, with every window closed too.
    const noticeStore = new NoticeStore({ file: join(o.userDataDir, 'notices.json'), log, scrub: scrubStored })
    if (noticeStore.recovery)
      notices.push(
        startupNotice(
          `notices-kept-aside:${noticeStore.recovery.keptAt}`,
          { key: 'app.notices.keptAsideTitle' },
          {
            key: 'app.notices.keptAside',
            params: { reason: noticeStore.recovery.reason, path: noticeStore.recovery.keptAt }
          },
          { path: noticeStore.recovery.keptAt }
        )
      )
    const noticeList = new NoticesService({ store: noticeStore })
    const history = new OrderHistory({
      ...o.tuning?.history,
      dir: join(o.userDataDir, 'order-history'),
      clientOf: (id) => venues.get(id).client,
      log,
      onRecorded: (id, changed) => {
        sawOrders(id, changed)
        noticeList.sawOrders(id, changed.map(historyEntry))
      },
      scrub: scrubStored
    })
    venues.onOrderEvent((id, e) => history.onGatewayEvent(id, e))
    account.watchOpenOrders((id, module, symbol, list) => {
      if (module !== 'futures') history.sawOpenOrders(id, module, symbol, list)
      sawOrders(id, list)
    })
    void history.start(vault.profiles.list().map((p) => p.id))
    // Order actions the last run was sending or reconciling when it stopped: reconciled now, the trader told.
    venues.resumeInFlight(vault.profiles.list().map((p) => p.id))
    const after: AfterAction = {
      refreshNow: (id, hint) => scheduler.refreshNow(id, hint),
      openOrderCount: (id, module, symbol) => {
        const s = scheduler.latest(id)
        // Only a snapshot that polls futures knows the contract's open orders.
        return s && s.futuresAccount !== null
          ? s.openOrders.filter((x) => x.module === module && x.symbol === symbol).length
          : undefined
      }
    }
    const market = new MarketDataService(venues, instruments, feeds)
    const profiles = new ProfileService(vault, venues, onSecret)
    // The user's preferences (theme, favourites, layouts, ...): the same for every window and every run.
    const preferences = new PreferencesService({
      file: preferencesFile(o.userDataDir),
      log,
      profileIds: () => vault.profiles.list().map((p) => p.id),
      resolveId: (named) => venues.resolveId(named),
      activeId: () => venues.activeId(),
      onProfilesChange: (l) => profiles.onChange(l),
      scrub: scrubStored
    })
    if (preferences.recovery) {
      const r = preferences.recovery
      notices.push(
        startupNotice(
          `preferences-kept-aside:${r.keptAt}`,
          { key: 'main.preferences.keptAsideTitle' },
          { key: 'main.preferences.keptAside', params: { dropped: r.dropped.join('; '), path: r.keptAt } },
          { path: r.keptAt }
        )
      )
    }
    // Cold start: the opening market's book is asked of its venue now, while the first window loads.
    const warmBook = warmOpeningBook({
      feeds,
      activeId: () => venues.activeId(),
      lastMarket: (id) => preferences.get({ profileId: id }).profile.lastMarket,
      log
    })
    const streams = new MarketStreams(venues, feeds, market, {
      log,
      watchActive: (fn) => profiles.onChange((v) => fn(v.activeProfileId)),
      onSubscribed: (t, spec) => warmBook.joined(t, spec)
    })
    // A venue's feed back after a loss: account parts that failed meanwhile are polled now, not after their back-off.
    feeds.onStatus((t, st) => st.state === 'open' && st.reconnects > 0 && scheduler.retryFailed(t.profileId))
    const profileStreams = new ProfileStreams()
    // Price alerts, followed here so they fire with every window closed; kept in alerts.json.
    const alertStore = new AlertStore({ file: join(o.userDataDir, 'alerts.json'), log, scrub: scrubStored })
    if (alertStore.recovery) notices.push(keptAsideNotice('alerts', alertStore.recovery))
    const alertPrices = new LivePrices({ feeds, market, pollMs: o.tuning?.alertPollMs, log })
    const alerts = new AlertService({
      store: alertStore,
      prices: alertPrices,
      resolveId: (named) => venues.resolveId(named),
      log
    })
    refollowOnReplace(alerts)
    alerts.onFire((id, fire) => noticeList.alertFired(id, fire))
    // Algorithms (OCO, spot stops), run here per profile so they go on with every window closed; journaled in
    // algos/<profileId>.json and resumed at start (src-main/algos).
    const algoStop = new AbortController()
    const algos = new AlgoService({
      dir: join(o.userDataDir, 'algos'),
      resolveId: (named) => venues.resolveId(named),
      venue: (id) => gatewayVenue({ runtime: () => venues.get(id), signal: algoStop.signal }),
      prices: (id) => ({
        follow: (symbol, fn, module = 'spot') =>
          alertPrices.follow({ profileId: id, module, symbol, source: 'last' }, (e) =>
            fn('dead' in e ? { dead: e.dead } : { price: e.fresh.price, at: e.fresh.at })
          )
      }),
      check: async (id, { module, symbol }, child) =>
        enforce(
          module === 'futures'
            ? checkFuturesOrder(await instruments.contract(venues.get(id), symbol), { ...child, open: child.open! })
            : checkSpotOrder(await instruments.spotSymbol(venues.get(id), symbol), child)
        ),
      rules: async (id, { module, symbol }) => {
        if (module === 'futures') {
          // Futures sizes are whole contracts (the contract's size decimals: its minimum volume's).
          const c = await instruments.contract(venues.get(id), symbol)
          return {
            pricePrecision: c.pricePrecision,
            quantityPrecision: volumeDecimals(c),
            limitVolumeMin: c.minOrderVolume
          }
        }
        const s = await instruments.spotSymbol(venues.get(id), symbol)
        return {
          pricePrecision: s.pricePrecision,
          quantityPrecision: s.quantityPrecision,
          limitVolumeMin: s.limitVolumeMin
        }
      },
      // A closing algorithm's total is checked against the position at creation, read from the venue then; only a
      // position the venue marks valid (status 1) counts, as the windows count them.
      positions: async (id, symbol) =>
        (await account.positions({ profileId: id, symbol })).filter(
          (p) => p.contractName === symbol && p.status === 1 && compare(p.volume, '0') > 0
        ),
      log,
      scrub: scrubStored,
      ...(o.tuning?.algoPollMs ? { pollMs: o.tuning.algoPollMs } : {})
    })
    refollowOnReplace(algos)
    algos.resumeAll(algos.journaledProfiles().filter(isProfile))
    for (const k of algos.keptAside) notices.push(keptAsideNotice('algos', k))
    const futures = new FuturesTradingService(venues, instruments, after, (id, symbol) => streams.lastMark(id, symbol))
    // TP/SL legs follow their position's size (tpsl-keeper.ts): every read of the positions is shown to it.
    const keeper = new TpSlKeeper({ venues, futures, log })
    account.watchPositions((id, positions) => keeper.saw(id, positions))
    // The equity curve of every profile, sampled here so it grows with every window closed; kept in equity.json.
    const equity = new EquitySampler({
      venues,
      instruments,
      store: new EquityStore({ file: join(o.userDataDir, 'equity.json'), log }),
      profileIds: () => vault.profiles.list().map((p) => p.id),
      intervalMs: o.tuning?.equityIntervalMs,
      log
    })
    equity.start()
    const services = {
      venues,
      profileStreams,
      profiles,
      market,
      streams,
      trading: new TradingService(venues, instruments, account, after),
      history: new OrderHistoryService(venues, history),
      futures,
      account,
      scheduler,
      transfer: new TransferService(venues, after),
      status: new StatusService(venues, feeds, scheduler),
      preferences,
      alerts,
      algos,
      pnl: new PnlService({ venues, instruments, account, tradedMarkets: (id) => history.markets(id) }),
      equity,
      notices: noticeList,
      info: () => ({ name: APP_NAME, version: appVersion(), embeddedExchangeUrl: exchange.url, startedAt, notices }),
      ...(o.windows ? { windows: o.windows } : {})
    }
    const server = createContractServer(terminalContract, contractHandlers(services), {
      mapError: createMapError(redactor, log),
      outgoing: (m) => scrub.value(m)
    })
    log(`terminal core ready: embedded exchange on ${exchange.url}, ${vault.profiles.list().length} profile(s)`)
    let closed: Promise<void> | null = null
    return {
      server,
      exchange,
      vault,
      log,
      profileStreams,
      actionsInFlight: () => vault.profiles.list().reduce((n, p) => n + venues.actionsInFlight(p.id), 0),
      language: { choice: () => preferences.language(), onChange: (l) => preferences.onLanguage(l) },
      onAlertFire: (l) => alerts.onFire(l),
      close: () =>
        (closed ??= (async () => {
          alerts.close()
          await algos.close()
          algoStop.abort()
          alertPrices.close()
          await equity.close()
          await alerts.flushed()
          scheduler.close()
          warmBook.release()
          streams.close()
          feeds.close()
          await history.close()
          await noticeList.flushed()
          await preferences.flushed()
          venues.close()
          await venues.flushed()
          await exchange.close()
          log('terminal core closed')
        })())
    }
  } catch (e) {
    await exchange.close().catch(() => undefined)
    throw e
  }
}

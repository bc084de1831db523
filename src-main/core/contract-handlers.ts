// The contract's channels bound to the services. Inputs arrive parsed by their schemas (the contract server
// refuses anything else before this runs). Streams that name no profile follow the active one. The per-profile
// trading and account streams go through ProfileStreams: each event stamped with its profile id and sequence, each
// subscription counted until it ends (a switch ends those that followed the old profile).
import type { TerminalContract } from '@shared/ipc/contract'
import type { ContractHandlers } from '../contract/contract-server'
import type { AccountService } from '../services/account-service'
import type { AlertService } from '../services/alert-service'
import type { AlgoService } from '../algos/algo-service'
import type { NoticesService } from '../notices/notices-service'
import type { FuturesTradingService } from '../services/futures-trading-service'
import type { MarketDataService } from '../services/market-data-service'
import type { MarketStreams } from '../services/market-streams'
import type { OrderHistoryService } from '../services/order-history-service'
import type { EquitySampler } from '../services/equity-sampler'
import type { PnlService } from '../services/pnl-service'
import type { PollScheduler } from '../services/poll-scheduler'
import type { PreferencesService } from '../services/preferences-service'
import type { ProfileService } from '../services/profile-service'
import type { StatusService } from '../services/status-service'
import type { TradingService } from '../services/trading-service'
import type { TransferService } from '../services/transfer-service'
import type { Venues } from '../services/venues'
import type { AppInfoView } from '@shared/ipc/views/profiles'
import type { Sequenced } from '@shared/ipc/views/common'
import type { ProfileStreamName, ProfileStreams } from './profile-streams'
import type { WindowOpenInput } from '@shared/ipc/schemas/windows'

export interface Services {
  venues: Venues
  profiles: ProfileService
  market: MarketDataService
  streams: MarketStreams
  trading: TradingService
  history: OrderHistoryService
  futures: FuturesTradingService
  account: AccountService
  scheduler: PollScheduler
  transfer: TransferService
  status: StatusService
  preferences: PreferencesService
  alerts: AlertService
  algos: AlgoService
  pnl: PnlService
  equity: EquitySampler
  notices: NoticesService
  profileStreams: ProfileStreams
  info: () => AppInfoView
  /** The desktop shell's windows; absent in the browser host, where the page opens its own tabs. */
  windows?: WindowHost
}

export interface WindowHost {
  open(w: WindowOpenInput): void
}

export function contractHandlers(s: Services): ContractHandlers<TerminalContract> {
  return {
    'windows.open': (i) => {
      if (!s.windows) return { opened: false }
      s.windows.open(i)
      return { opened: true }
    },
    'profiles.list': () => s.profiles.list(),
    'profiles.add': (i) => s.profiles.add(i),
    'profiles.update': (i) => s.profiles.update(i),
    'profiles.remove': async (i) => {
      const ok = await s.profiles.remove(i)
      await s.history.forget(i.profileId)
      await s.preferences.forgetProfile(i.profileId)
      await s.alerts.forgetProfile(i.profileId)
      await s.algos.forgetProfile(i.profileId)
      await s.equity.forget(i.profileId)
      await s.notices.forgetProfile(i.profileId)
      return ok
    },
    'profiles.setActive': (i) => s.profiles.setActive(i),
    'profiles.setSecrets': (i) => s.profiles.setSecrets(i),
    'profiles.deleteSecrets': (i) => s.profiles.deleteSecrets(i),
    'profiles.secretStatus': (i) => s.profiles.secretStatus(i),
    'profiles.onChange': (_p, emit) => s.profiles.onChange(emit),

    'market.symbols': (i) => s.market.symbols(i),
    'market.contracts': (i) => s.market.contracts(i),
    'market.tickers': (i) => s.market.tickers(i),
    'market.depth': (i) => s.market.depth(i),
    'market.trades': (i) => s.market.trades(i),
    'market.candles': (i) => s.market.candles(i),
    'market.index': (i) => s.market.index(i),
    'market.fundingRate': (i) => s.market.fundingRate(i),
    'market.onBook': (p, emit, _ctx, end) => s.streams.onBook(p, emit, end),
    'market.onTrades': (p, emit, _ctx, end) => s.streams.onTrades(p, emit, end),
    'market.onTicker': (p, emit, _ctx, end) => s.streams.onTicker(p, emit, end),
    'market.onCandles': (p, emit, _ctx, end) => s.streams.onCandles(p, emit, end),
    'market.onMarkPrice': (p, emit, _ctx, end) => s.streams.onMarkPrice(p, emit, end),

    'trading.placeOrder': (i) => s.trading.placeOrder(i),
    'trading.testOrder': (i) => s.trading.testOrder(i),
    'trading.cancelOrder': (i) => s.trading.cancelOrder(i),
    'trading.moveOrder': (i) => s.trading.moveOrder(i),
    'trading.cancelAll': (i) => s.trading.cancelAll(i),
    'trading.dismissUndetermined': (i) => s.trading.dismissUndetermined(i),
    'trading.batchPlace': (i) => s.trading.batchPlace(i),
    'trading.batchCancel': (i) => s.trading.batchCancel(i),
    'trading.placeConditional': (i) => s.futures.placeConditional(i),
    'trading.placeTpSl': (i) => s.futures.placeTpSl(i),
    'trading.cancelTrigger': (i) => s.futures.cancelTrigger(i),
    'trading.setLeverage': (i) => s.futures.setLeverage(i),
    'trading.setPositionMode': (i) => s.futures.setPositionMode(i),
    'trading.setMarginMode': (i) => s.futures.setMarginMode(i),
    'trading.onOrderEvents': (p, emit) => {
      const id = s.venues.resolveId(p.profileId)
      return s.profileStreams.open('trading.onOrderEvents', id, emit, (e) => s.trading.onOrderEvents(id, e))
    },
    'trading.orderHistory': (i) => s.history.list(i),
    'trading.onOrderHistory': (p, emit) =>
      followStream(s, 'trading.onOrderHistory', p.profileId, emit, (id, e) => s.history.onChange(id, e)),

    'account.balances': (i) => s.account.balances(i),
    'account.openOrders': (i) => s.account.openOrders(i),
    'account.orderHistory': (i) => s.account.orderHistory(i),
    'account.trades': (i) => s.account.trades(i),
    'account.deposits': (i) => s.account.deposits(i),
    'account.withdrawals': (i) => s.account.withdrawals(i),
    'account.futuresAccount': (i) => s.account.futuresAccount(i),
    'account.positions': (i) => s.account.positions(i),
    'account.pnlHistory': (i) => s.account.pnlHistory(i),
    'account.closingFills': (i) => s.account.closingFills(i),
    'account.capitalFlow': (i) => s.account.capitalFlow(i),
    'account.triggerOrders': (i) => s.account.triggerOrders(i),
    'account.adl': (i) => s.account.adl(i),
    'account.liquidations': (i) => s.account.liquidations(i),
    'account.onUpdate': (p, emit) =>
      followStream(s, 'account.onUpdate', p.profileId, emit, (id, e) =>
        s.scheduler.subscribe(
          id,
          { spotSymbols: p.spotSymbols, marginSymbols: p.marginSymbols, futures: p.futures ?? true },
          e
        )
      ),

    'transfer.submit': (i) => s.transfer.submit(i),
    'transfer.futuresBalance': (i) => s.transfer.futuresBalance(i),
    'transfer.rsaStatus': (i) => s.transfer.rsaStatus(i),

    'preferences.get': (i) => s.preferences.get(i),
    'preferences.set': (i) => s.preferences.set(i),
    'preferences.importLegacy': (i) => s.preferences.importLegacy(i),
    'preferences.onChange': (p, emit) => s.preferences.onChange(p.profileId, emit),

    'alerts.list': (i) => s.alerts.list(i),
    'alerts.create': (i) => s.alerts.create(i),
    'alerts.update': (i) => s.alerts.update(i),
    'alerts.delete': (i) => s.alerts.remove(i),
    'alerts.onChange': (p, emit) =>
      followStream(s, 'alerts.onChange', p.profileId, emit, (id, e) => s.alerts.onChange(id, e)),

    'algos.list': (i) => s.algos.list(i),
    'algos.create': (i) => s.algos.create(i),
    'algos.pause': (i) => s.algos.pause(i),
    'algos.resume': (i) => s.algos.resume(i),
    'algos.cancel': (i) => s.algos.cancel(i),
    'algos.killAll': (i) => s.algos.killAll(i),
    'algos.edit': (i) => s.algos.edit(i),
    'algos.onChange': (p, emit) =>
      followStream(s, 'algos.onChange', p.profileId, emit, (id, e) => s.algos.onChange(id, e)),

    'pnl.report': (i) => s.pnl.report(i),
    'pnl.equity': (i) => s.equity.view(s.venues.resolveId(i.profileId)),

    'notices.list': (i) => s.notices.list(s.venues.resolveId(i.profileId)),
    'notices.add': (i) => {
      const { profileId, ...told } = i
      s.notices.told(s.venues.resolveId(profileId), told)
      return { ok: true }
    },
    'notices.markRead': (i) => {
      s.notices.markRead(s.venues.resolveId(i.profileId), i.upTo)
      return { ok: true }
    },
    'notices.clear': (i) => {
      s.notices.clear(s.venues.resolveId(i.profileId), i.upTo)
      return { ok: true }
    },
    'notices.onChange': (p, emit) =>
      followStream(s, 'notices.onChange', p.profileId, emit, (id, e) => s.notices.onChange(id, e)),

    'app.info': () => s.info(),
    'app.onStatus': (p, emit) => s.status.onStatus(p, emit)
  }
}

/** A profile's stamped stream (ProfileStreams) of the named profile, or of the active one across switches. */
function followStream<T extends object>(
  s: Services,
  stream: ProfileStreamName,
  named: string | undefined,
  emit: (e: Sequenced<T>) => void,
  start: (profileId: string, emit: (e: T) => void) => () => void
): () => void {
  return followProfile(s, named, (id) => s.profileStreams.open(stream, id, emit, (e) => start(id, e)))
}

/** Runs `start` for the named profile, or for the active one and again whenever the active profile changes. */
function followProfile(s: Services, named: string | undefined, start: (profileId: string) => () => void): () => void {
  if (named !== undefined) return start(s.venues.resolveId(named))
  let current: string | null = null
  let stop = (): void => undefined
  const attach = (): void => {
    const id = s.venues.activeId()
    if (id === current) return
    stop()
    current = id
    stop = id === null ? () => undefined : start(id)
  }
  const off = s.profiles.onChange(attach)
  return () => {
    off()
    stop()
  }
}

// THE contract between the UI and the main process: every channel once, with its input schema (checked in main
// before any service runs) and its result or event type. Main serves it (src-main/core), the preload carries it and
// the renderer calls it, all typed from this one object. Commands are `service.verb`, streams `service.onThing`.
// Money is decimal text, ids are strings; no channel ever returns a secret.
import { command, stream } from './contract-kit'
import * as A from './schemas/account'
import * as AL from './schemas/alerts'
import * as AG from './schemas/algos'
import * as M from './schemas/market'
import * as N from './schemas/notices'
import * as P from './schemas/profiles'
import * as PN from './schemas/pnl'
import * as PR from './schemas/preferences'
import * as T from './schemas/trading'
import * as W from './schemas/windows'
import type * as VA from './views/account'
import type * as VAL from './views/alerts'
import type * as VAG from './views/algos'
import type { ActionAckView, OkView, Sequenced } from './views/common'
import type * as VM from './views/market'
import type * as VN from './views/notices'
import type * as VP from './views/profiles'
import type * as VPN from './views/pnl'
import type * as VPR from './views/preferences'
import type * as VS from './views/status'
import type * as VT from './views/trading'

export const terminalContract = {
  // ---- profiles: venues and their keys (only the masked status ever comes back) ----
  'profiles.list': command<VP.ProfilesView>()(
    P.noInput,
    'Profiles, the active one, and a recovered corrupt file if any.'
  ),
  'profiles.add': command<VP.ProfileAddedView>()(
    P.addProfileInput,
    'Adds a remote exchange profile, optionally with its keys.'
  ),
  'profiles.update': command<VP.ProfileView>()(P.updateProfileInput, 'Renames a profile or changes its URLs.'),
  'profiles.remove': command<OkView>()(P.profileRef, 'Removes a profile and its keychain entry.'),
  'profiles.setActive': command<OkView>()(P.profileRef, 'Makes a profile the active one.'),
  'profiles.setSecrets': command<VP.SecretStatusView>()(
    P.setSecretsInput,
    'Stores API keys in the OS keychain; returns the masked status.'
  ),
  'profiles.deleteSecrets': command<VP.SecretStatusView>()(P.profileRef, "Deletes a profile's keys."),
  'profiles.secretStatus': command<VP.SecretStatusView>()(P.profileRef, 'Whether a profile has keys, masked.'),
  'profiles.onChange': stream<VP.ProfilesView>()(P.noInput, 'The profile list, now and after every change.'),

  // ---- market: public data ----
  'market.symbols': command<VM.SpotSymbolView[]>()(M.symbolsInput, 'Spot symbols and their trading rules.'),
  'market.contracts': command<VM.ContractView[]>()(M.contractsInput, 'Futures contracts and their trading rules.'),
  'market.tickers': command<VM.TickerView[]>()(M.tickersInput, '24h tickers of spot symbols or futures contracts.'),
  'market.depth': command<VM.BookView>()(M.depthInput, 'Order book snapshot.'),
  'market.trades': command<VM.TradeView[]>()(M.tradesInput, 'Recent public trades, newest first.'),
  'market.candles': command<VM.CandleView[]>()(M.candlesInput, 'Candles, oldest first.'),
  'market.index': command<VM.IndexPriceView[]>()(M.indexInput, 'Index and mark price of one or every contract.'),
  'market.fundingRate': command<VM.FundingView>()(M.fundingRateInput, 'Index, mark and funding rate of a contract.'),
  'market.onBook': stream<VM.BookView>()(M.bookStream, 'Whole books, at most one per frame.'),
  'market.onTrades': stream<VM.TradesEvent>()(M.tradesStream, 'New public trades.'),
  'market.onTicker': stream<VM.TickerView>()(M.tickerStream, '24h ticker updates.'),
  'market.onCandles': stream<VM.CandlesEvent>()(M.candlesStream, 'Candle updates.'),
  'market.onMarkPrice': stream<VM.FundingView>()(M.markPriceStream, 'Mark, index and funding of a contract (polled).'),

  // ---- trading: every place and cancel goes through the order gateway, after the symbol's rules are checked ----
  // Every command that acts answers with its `actionId` (a failure carries it in the error body once the action was
  // tracked); that action's pending and settled events on trading.onOrderEvents carry the same id.
  'trading.placeOrder': command<VT.OrderAckView>()(
    T.placeOrderInput,
    'Places a spot, margin or futures order; answers with its action id.'
  ),
  'trading.testOrder': command<OkView>()(
    T.testOrderInput,
    "Checks a spot order with the venue's test endpoint; nothing is placed."
  ),
  'trading.cancelOrder': command<VT.CancelAckView>()(
    T.cancelOrderInput,
    'Cancels an order by id or client order id; answers with its action id.'
  ),
  'trading.moveOrder': command<VT.MoveOrderView>()(
    T.moveOrderInput,
    'Moves an open LIMIT order to a new price: cancel, then place what is still open; answers once both are known.'
  ),
  'trading.cancelAll': command<VT.BatchCancelView>()(
    T.cancelAllInput,
    'Cancels every open order of a symbol; one action (and action id) per order.'
  ),
  'trading.batchPlace': command<VT.BatchPlaceView>()(
    T.batchPlaceInput,
    'Places up to 10 spot or futures orders; one action (and action id) per order.'
  ),
  'trading.batchCancel': command<VT.BatchCancelView>()(
    T.batchCancelInput,
    'Cancels up to 10 orders; one action (and action id) per order.'
  ),
  'trading.placeConditional': command<VT.TriggerAckView>()(
    T.placeConditionalInput,
    'Places a stop-loss, take-profit or trailing-stop futures order; answers with its action id.'
  ),
  'trading.placeTpSl': command<VT.TpSlAckView>()(
    T.placeTpSlInput,
    'Attaches stop-loss / take-profit orders to a position; answers with its action id.'
  ),
  'trading.cancelTrigger': command<VT.TriggerAckView>()(
    T.cancelTriggerInput,
    'Cancels a trigger order; answers with its action id.'
  ),
  'trading.setLeverage': command<ActionAckView>()(
    T.setLeverageInput,
    'Sets the leverage of a contract; answers with its action id.'
  ),
  'trading.setPositionMode': command<ActionAckView>()(
    T.setPositionModeInput,
    'One-way or hedge positions on a contract; answers with its action id.'
  ),
  'trading.setMarginMode': command<ActionAckView>()(
    T.setMarginModeInput,
    'Cross or isolated margin on a contract; answers with its action id.'
  ),
  'trading.dismissUndetermined': command<OkView>()(
    T.dismissUndeterminedInput,
    'Stops listing and re-checking an order action whose outcome the venue would not tell (the user checked the venue); its client order id stays refused.'
  ),
  // The per-profile streams: every event carries `profileId` and `seq` (views/common.ts StreamStamp); a window applies
  // only its profile's, each newer than the last it applied of that profile and stream.
  'trading.onOrderEvents': stream<Sequenced<VT.OrderEventView>>()(
    T.orderEventsStream,
    "Order actions and futures operations awaiting a verdict, and verdicts reached by reconciliation, each naming its command's action id; first what main holds (pending actions, unanswered undetermined verdicts, recent notices), then changes."
  ),
  'trading.orderHistory': command<VT.OrderHistoryPageView>()(
    T.orderHistoryInput,
    'Spot and margin order history kept by the terminal, newest first, paged by cursor.'
  ),
  'trading.onOrderHistory': stream<Sequenced<VT.OrderHistoryEventView>>()(
    T.orderHistoryStream,
    'Spot and margin orders of the history as they change (pages come from trading.orderHistory).'
  ),

  // ---- account: private reads ----
  'account.balances': command<VA.BalanceView[]>()(A.balancesInput, 'Spot balances.'),
  'account.openOrders': command<VA.OpenOrderView[]>()(
    A.openOrdersInput,
    'Open orders of a symbol (futures: of every contract when none is named).'
  ),
  'account.orderHistory': command<VA.FuturesOrderHistoryView[]>()(A.futuresOrderHistoryInput, 'Futures order history.'),
  'account.trades': command<VA.UserTradeView[]>()(A.tradesInput, 'Own fills, paged by fromId.'),
  'account.deposits': command<VA.DepositView[]>()(A.depositsInput, 'Deposit history.'),
  'account.withdrawals': command<VA.WithdrawView[]>()(A.withdrawalsInput, 'Withdraw history.'),
  'account.futuresAccount': command<VA.FuturesAccountView[]>()(
    A.futuresAccountInput,
    'Futures account per margin coin.'
  ),
  'account.positions': command<VA.PositionView[]>()(A.positionsInput, 'Futures positions.'),
  'account.pnlHistory': command<VA.PnlView[]>()(A.pnlHistoryInput, 'PnL of closed futures positions.'),
  'account.closingFills': command<VA.ClosingFillView[]>()(
    A.closingFillsInput,
    'Closing futures fills with the PnL each realized (partial closes included), newest first.'
  ),
  'account.capitalFlow': command<VA.CapitalFlowView[]>()(
    A.capitalFlowInput,
    'Futures capital flow (transfers, fees, funding, PnL).'
  ),
  'account.triggerOrders': command<VA.TriggerOrdersView>()(A.triggerOrdersInput, 'Futures trigger orders.'),
  'account.adl': command<VA.AdlView[]>()(A.adlInput, 'Auto-deleveraging records of a contract.'),
  'account.liquidations': command<VA.AdlView[]>()(A.liquidationsInput, 'Liquidation records.'),
  'account.onUpdate': stream<Sequenced<VA.AccountSnapshotView>>()(
    A.accountUpdateStream,
    'Polled balances, open orders, positions and futures account: the latest snapshot at once when main has one, then each changed one.'
  ),

  // ---- transfer: spot <-> futures wallet (RSA-signed) ----
  'transfer.submit': command<VS.TransferView>()(
    A.transferInput,
    'Moves funds between the spot and futures wallets; answers with its action id.'
  ),
  'transfer.futuresBalance': command<VS.FuturesWalletView[]>()(A.futuresBalanceInput, 'Futures wallet balances.'),
  'transfer.rsaStatus': command<VS.RsaStatusView>()(A.rsaStatusInput, 'Whether the profile can sign transfers.'),

  // ---- windows: the desktop app opens them; in a browser `opened` is false and the page opens its own tab ----
  'windows.open': command<{ opened: boolean }>()(
    W.windowOpenInput,
    'Opens a market pop-out or the monitor in a new window.'
  ),

  // ---- preferences: kept by main in the user-data folder, so every window and every run reads the same ----
  'preferences.get': command<VPR.PreferencesView>()(
    PR.preferencesRef,
    "The app's preferences and those of the named (or active) profile."
  ),
  'preferences.set': command<VPR.PreferencesView>()(
    PR.setPreferencesInput,
    'Sets some preferences (each checked; unknown keys refused); answers once they are saved.'
  ),
  'preferences.importLegacy': command<VPR.ImportLegacyView>()(
    PR.importLegacyInput,
    "Takes what an older build kept in a page's storage, once, filling only what was never set."
  ),
  'preferences.onChange': stream<VPR.PreferencesView>()(
    PR.preferencesRef,
    'The preferences now and after every change (without a profile: the active one, followed).'
  ),

  // ---- alerts: price alerts of a profile, evaluated in main (they fire with every window closed) ----
  'alerts.list': command<VAL.AlertView[]>()(AL.alertsOfProfile, "The profile's price alerts and their state."),
  'alerts.create': command<VAL.AlertView>()(
    AL.createAlertInput,
    'Creates a price alert on a market; its rule is read as typed and refused in words naming the rule.'
  ),
  'alerts.update': command<VAL.AlertView>()(
    AL.updateAlertInput,
    'Edits, pauses or resumes a price alert; an edit (or resuming a fired one) arms it again.'
  ),
  'alerts.delete': command<OkView>()(AL.alertRef, 'Deletes a price alert.'),
  'alerts.onChange': stream<Sequenced<VAL.AlertsEventView>>()(
    AL.alertsOfProfile,
    "The profile's alerts now and after every change, with the fires that made it (without a profile: the active one, followed)."
  ),

  // ---- algos: orders the venue does not have, run by main per profile (OCO, spot stops), journaled and resumed ----
  'algos.list': command<VAG.AlgoView[]>()(AG.algosOfProfile, "The profile's algorithms, running and ended."),
  'algos.create': command<VAG.AlgoView>()(
    AG.createAlgoInput,
    'Creates an algorithm (OCO, stop-market, stop-limit, trailing stop on spot); refused in words naming the rule.'
  ),
  'algos.pause': command<VAG.AlgoView>()(AG.algoRef, 'Pauses an algorithm: it neither triggers nor sends.'),
  'algos.resume': command<VAG.AlgoView>()(
    AG.algoRef,
    'Resumes a paused algorithm (one paused on a trigger missed while closed fires now).'
  ),
  'algos.cancel': command<VAG.AlgoView>()(AG.algoRef, 'Cancels an algorithm and its live child orders.'),
  'algos.edit': command<VAG.AlgoView>()(
    AG.editAlgoInput,
    "A safe edit of a running or paused algorithm (a TWAP's limit, a chase's bound and interval, an iceberg's visible part, a stop's trigger and trail); refused in words naming the rule."
  ),
  'algos.killAll': command<VAG.AlgoView[]>()(
    AG.algosOfProfile,
    'The kill switch: every running algorithm of the profile stops and cancels its child orders.'
  ),
  'algos.onChange': stream<Sequenced<VAG.AlgosEventView>>()(
    AG.algosOfProfile,
    "The profile's algorithms now and after every change (without a profile: the active one, followed)."
  ),

  // ---- pnl: PnL analytics of a profile's own fills and its equity curve sampled by main ----
  'pnl.report': command<VPN.PnlReportView>()(
    PN.pnlOfProfile,
    "Realized PnL per UTC day, fees, win rate and per-market figures from the profile's own fills (FIFO)."
  ),
  'pnl.equity': command<VPN.EquityView>()(PN.pnlOfProfile, "The profile's equity curve, sampled and kept by main."),

  // ---- notices: the notification center, kept by main per profile (one list for every window and run) ----
  'notices.list': command<VN.NoticesView>()(N.noticesOfProfile, "The profile's notification center, newest first."),
  'notices.add': command<OkView>()(
    N.addNoticeInput,
    'Lists what a window told the user (an error, a refusal, a fill it found), in its words.'
  ),
  'notices.markRead': command<OkView>()(
    N.markNoticesInput,
    "Marks the profile's entries up to the named one (the newest a window showed) read, in every window."
  ),
  'notices.clear': command<OkView>()(
    N.clearNoticesInput,
    "Clears the profile's entries up to the named one (the newest a window showed), in every window."
  ),
  'notices.onChange': stream<Sequenced<VN.NoticesView>>()(
    N.noticesOfProfile,
    "The profile's notification center now and after every change (without a profile: the active one, followed)."
  ),

  // ---- app ----
  'app.info': command<VP.AppInfoView>()(
    A.appInfoInput,
    'Name, version and the embedded exchange of this session, and what the user must be told about its start.'
  ),
  'app.onStatus': stream<VS.StatusView>()(A.statusStream, 'Feeds, REST latency, clock offset, rate budget, polling.')
} as const

export type TerminalContract = typeof terminalContract
export type TerminalChannel = keyof TerminalContract & string

// The spot side of the embedded exchange as a deterministic state machine: apply(command) changes state
// exactly as it did the first time, so the journal replays it after a crash. Refusals throw before any
// change (the store never journals a refused command).
import {
  formatScaled,
  restoreEngine,
  snapshotEngine,
  SpotEngine,
  toOrderInfo,
  type EngineSnapshot,
  type Order,
  type OrderInfo,
  type Trade
} from '../engine'
import { parseScaled } from '../engine'
import { SPOT_MARKETS, type SpotMarketConfig } from '../config/spot-markets'
import { refuse } from '../domain-error'
import {
  unknownCommand,
  type CancelCmd,
  type CreateAccountCmd,
  type DepositCmd,
  type PlaceCmd,
  type SpotCommand,
  type WithdrawCmd
} from './commands'
import { SpotRecords } from './records'
import { engineSymbol, orderAmounts, rejectionError } from './spot-rules'
import { MarginBook } from './margin'
import { ASSET_SCALE, engineAccount } from './wallets'

export { ASSET_SCALE, engineAccount } from './wallets'

export interface AccountInfo {
  id: string
  apiKey: string
  secret: string
  rsaPublicKey?: string
  unlimited?: boolean
  bot?: boolean
  createdAt: number
}

/** Where trades and book changes go (the market-data hub), also during replay. */
export interface MarketSink {
  onTrade(symbol: string, trade: { id: string; price: string; qty: string; side: 'BUY' | 'SELL'; time: number }): void
  onBookChanged(symbol: string): void
}

export type SpotResult = { order?: OrderInfo; accepted?: OrderInfo; cancelled?: OrderInfo } | undefined

export class SpotState {
  readonly engine: SpotEngine
  readonly markets = new Map<string, SpotMarketConfig>(SPOT_MARKETS.map((m) => [m.symbol, m]))
  readonly accounts = new Map<string, AccountInfo>()
  readonly byApiKey = new Map<string, AccountInfo>()
  /** engine account ids whose history is kept (users, not bots) */
  private readonly tracked = new Set<string>()
  readonly records: SpotRecords = new SpotRecords()
  readonly margin: MarginBook
  private now = 0
  private sink: MarketSink | null = null

  constructor(snapshot?: SpotSnapshot) {
    const listener = {
      onTrade: (t: Trade) => this.onTrade(t),
      onOrder: (o: Order) => {
        if (this.tracked.has(o.account.id)) this.records.recordOrder(toOrderInfo(o))
      }
    }
    const clock = (): number => this.now
    if (snapshot) {
      this.engine = restoreEngine(snapshot.engine, { clock, listener, recycleOrders: true })
      for (const a of snapshot.accounts) this.addAccount(a)
      this.records = SpotRecords.restore(snapshot.records)
      this.margin = MarginBook.restore(this, snapshot.margin)
    } else {
      const assets: Record<string, { scale: number }> = {}
      for (const m of SPOT_MARKETS) assets[m.baseAsset] = assets[m.quoteAsset] = { scale: ASSET_SCALE }
      this.engine = new SpotEngine({
        clock,
        listener,
        assets,
        symbols: SPOT_MARKETS.map(engineSymbol),
        recycleOrders: true
      })
      this.margin = new MarginBook(this)
    }
  }

  setSink(sink: MarketSink | null): void {
    this.sink = sink
  }

  private onTrade(t: Trade): void {
    if (this.tracked.has(t.takerAccount)) this.records.recordTrade(t, t.takerAccount, false)
    if (this.tracked.has(t.makerAccount)) this.records.recordTrade(t, t.makerAccount, true)
    const m = this.markets.get(t.symbol)
    if (this.sink && m) {
      this.sink.onTrade(t.symbol, {
        id: t.id,
        price: formatScaled(t.price, m.pricePrecision),
        qty: formatScaled(t.qty, m.quantityPrecision),
        side: t.takerSide,
        time: t.time
      })
    }
  }

  private addAccount(a: AccountInfo): void {
    this.accounts.set(a.id, a)
    this.byApiKey.set(a.apiKey, a)
    if (!a.bot) {
      this.tracked.add(engineAccount(a.id, 'spot'))
      this.tracked.add(engineAccount(a.id, 'margin'))
    }
  }

  market(symbol: string): SpotMarketConfig {
    const m = this.markets.get(symbol)
    if (!m) refuse('BAD_SYMBOL', `Invalid symbol '${symbol}'`)
    return m
  }

  apply(cmd: SpotCommand): SpotResult {
    this.now = cmd.time
    switch (cmd.t) {
      case 'account':
        return this.createAccount(cmd)
      case 'rsaKey': {
        const a = this.byApiKey.get(cmd.apiKey)
        if (!a) refuse('UNAUTHORIZED', 'API key is not known')
        a.rsaPublicKey = cmd.rsaPublicKey
        return undefined
      }
      case 'deposit':
        return this.deposit(cmd)
      case 'withdraw':
        return this.withdraw(cmd)
      case 'place':
        return this.place(cmd)
      case 'cancel':
        return this.cancel(cmd)
      case 'marginInterest':
        this.margin.accrueInterest()
        return undefined
      case 'marginLiquidate': {
        // Liquidation cancels the account's open margin orders: their books change, so tell the sink (WS depth).
        const books = new Set(this.engine.openOrders(engineAccount(cmd.account, 'margin')).map((o) => o.symbol))
        this.margin.liquidate(cmd.account)
        for (const symbol of books) this.sink?.onBookChanged(symbol)
        return undefined
      }
      default:
        return unknownCommand(cmd, 'spot')
    }
  }

  private createAccount(cmd: CreateAccountCmd): undefined {
    if (this.accounts.has(cmd.id)) refuse('REJECTED_API_KEY', `Account ${cmd.id} exists`)
    if (this.byApiKey.has(cmd.apiKey)) refuse('REJECTED_API_KEY', 'This API key is already registered')
    const { t: _t, time, ...rest } = cmd
    this.addAccount({ ...rest, createdAt: time })
    this.engine.ledger.account(engineAccount(cmd.id, 'spot'))
    return undefined
  }

  assetAmount(asset: string, text: string, field = 'amount'): bigint {
    if (this.engine.ledger.assetIndex(asset) === undefined) refuse('MANDATORY_PARAM', `Unknown asset '${asset}'`)
    const r = parseScaled(text, ASSET_SCALE)
    if (!r.ok)
      refuse(
        r.reason === 'PRECISION' ? 'BAD_PRECISION' : 'MANDATORY_PARAM',
        `Parameter '${field}' is not an amount of ${asset} with at most ${ASSET_SCALE} decimals`
      )
    if (r.value <= 0n) refuse('MANDATORY_PARAM', `Parameter '${field}' must be greater than 0`)
    return r.value
  }

  private deposit(cmd: DepositCmd): undefined {
    if (!this.accounts.has(cmd.account)) refuse('UNAUTHORIZED', `Unknown account ${cmd.account}`)
    const amount = this.assetAmount(cmd.asset, cmd.amount)
    this.engine.deposit(engineAccount(cmd.account, cmd.wallet), cmd.asset, amount)
    if (cmd.wallet === 'spot') {
      this.records.addFunds('deposit', cmd.account, {
        id: cmd.txid,
        asset: cmd.asset,
        amount: formatScaled(amount, ASSET_SCALE, true),
        address: `sim-${cmd.asset.toLowerCase()}-${cmd.account}`,
        txid: cmd.txid,
        status: 1,
        createTime: cmd.time
      })
    }
    return undefined
  }

  private withdraw(cmd: WithdrawCmd): undefined {
    const amount = this.assetAmount(cmd.asset, cmd.amount)
    const fee = cmd.fee === '0' ? 0n : this.assetAmount(cmd.asset, cmd.fee, 'fee')
    if (!this.engine.withdraw(engineAccount(cmd.account, 'spot'), cmd.asset, amount + fee))
      refuse('INSUFFICIENT_BALANCE', 'Insufficient balance')
    this.engine.deposit(this.engine.feeAccount, cmd.asset, fee)
    const id = `w${cmd.time}${this.records.withdrawals.get(cmd.account)?.length ?? 0}`
    this.records.addFunds('withdraw', cmd.account, {
      id,
      asset: cmd.asset,
      amount: formatScaled(amount, ASSET_SCALE, true),
      address: cmd.address,
      txid: `0x${id}`,
      status: 5,
      createTime: cmd.time,
      fee: formatScaled(fee, ASSET_SCALE, true)
    })
    return undefined
  }

  private place(cmd: PlaceCmd): SpotResult {
    const m = this.market(cmd.symbol)
    const amounts = orderAmounts(m, cmd)
    const acct = engineAccount(cmd.account, cmd.wallet)
    const borrowed = cmd.wallet === 'margin' ? this.margin.borrowFor(cmd.account, m, cmd.side, amounts) : null
    const r = this.engine.place(acct, {
      symbol: cmd.symbol,
      side: cmd.side,
      type: cmd.type,
      ...amounts,
      ...(cmd.clientOrderId ? { clientOrderId: cmd.clientOrderId } : {})
    })
    if (!r.ok) {
      if (borrowed) this.margin.undoBorrow(cmd.account, borrowed)
      throw rejectionError(r.reason, cmd.symbol)
    }
    if (cmd.wallet === 'margin') this.margin.autoRepay(cmd.account)
    this.sink?.onBookChanged(cmd.symbol)
    const info = toOrderInfo(r)
    // The create response is the order as accepted, before matching (spec: status NEW, executedQty 0).
    return {
      order: info,
      accepted: { ...info, status: 'NEW', executedQty: 0, executedQuote: '0', updateTime: info.time }
    }
  }

  private cancel(cmd: CancelCmd): SpotResult {
    const acct = engineAccount(cmd.account, cmd.wallet)
    const rec = this.records.findOrder(acct, cmd.symbol, cmd)
    const open = rec
      ? this.engine.getOpenOrder(rec.orderId)
      : cmd.orderId
        ? this.engine.getOpenOrder(cmd.orderId)
        : undefined
    if (!open || open.account.id !== acct || open.symbol !== cmd.symbol) {
      if (rec) refuse('CANCEL_NOT_ALLOWED', `Order ${rec.orderId} is ${rec.status}; it cannot be canceled`)
      refuse('NO_SUCH_ORDER', 'Order does not exist')
    }
    const r = this.engine.cancel(acct, cmd.symbol, open.id)
    if (!r.ok) throw rejectionError(r.reason, cmd.symbol)
    this.sink?.onBookChanged(cmd.symbol)
    return { cancelled: toOrderInfo(r) }
  }

  snapshot(): SpotSnapshot {
    return {
      version: 1,
      engine: snapshotEngine(this.engine),
      accounts: [...this.accounts.values()],
      records: this.records.snapshot(),
      margin: this.margin.snapshot()
    }
  }
}

export interface SpotSnapshot {
  version: 1
  engine: EngineSnapshot
  accounts: AccountInfo[]
  records: unknown
  margin: unknown
}

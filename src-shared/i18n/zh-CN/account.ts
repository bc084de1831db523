import type { Catalog } from '../catalog'
import type { account as en } from '../en/account'

export const account: Catalog<typeof en> = {
  tabs: { label: '账户', balances: '资产', futures: '合约账户', funds: '充值与提现' },
  stale: '数据未更新：{parts}',
  parts: {
    balances: '资产',
    openOrders: '当前委托',
    futuresOpenOrders: '合约当前委托',
    futuresAccount: '合约账户'
  },
  balances: {
    hideSmall: '隐藏 < 1 USDT',
    asset: '币种',
    free: '可用',
    locked: '冻结',
    total: '总额',
    value: '估值 (USDT)',
    loading: '正在加载资产…'
  },
  funds: {
    deposits: '充值',
    withdrawals: '提现',
    coin: '币种',
    coinLabel: '币种',
    statusLabel: '状态',
    fromLabel: '开始日期',
    toLabel: '结束日期',
    anyStatus: '全部状态',
    search: '查询',
    amount: '数量（币）',
    fee: '手续费（币）',
    address: '地址',
    txid: '交易哈希',
    none: { deposits: '没有符合条件的充值记录', withdrawals: '没有符合条件的提现记录' }
  },
  futures: {
    wallet: '钱包余额',
    equity: '账户权益',
    unrealized: '未实现盈亏',
    realized: '已实现盈亏',
    crossMargin: '全仓保证金',
    isolated: '逐仓保证金',
    marginRate: '保证金率',
    loading: '正在加载合约账户…'
  },
  transfer: {
    title: '划转',
    rsaSet: '已设置 RSA 密钥',
    rsaNone: '未设置 RSA 密钥',
    rsaChecking: '正在检查 RSA 密钥…',
    from: '从',
    to: '到',
    swap: '切换方向',
    amount: '数量',
    amountLabel: '数量',
    max: '最大',
    available: '{wallet}可用：',
    transferring: '划转中…',
    submit: '划转到{wallet}',
    wallet: '合约钱包',
    balance: '余额',
    availableCol: '可用',
    session: '本次运行的划转',
    walletNeedsRsa: '合约钱包需 RSA 密钥才能读取（合约账户见“账户 › 合约账户”）',
    walletEmpty: '合约钱包中没有币种',
    result: '{from} → {to} {amount} {coin}：{outcome} · {text}',
    done: '成功',
    failed: '失败',
    failedToast: '划转失败',
    id: '划转 {id}',
    confirmedFromRecords: '已根据交易所记录确认划转',
    unavailable: '当前无法划转',
    chooseCoin: '请选择币种',
    amountPositive: '数量必须是大于 0 的数字',
    tooMuch: '{amount} {coin} 超过可用的 {free} {coin}',
    what: '数量'
  }
}

import type { Catalog } from '../catalog'
import type { account as en } from '../en/account'

export const account: Catalog<typeof en> = {
  tabs: { label: '帳戶', balances: '資產', futures: '合約帳戶', funds: '充值與提現' },
  stale: '資料未更新：{parts}',
  parts: {
    balances: '資產',
    openOrders: '當前委託',
    futuresOpenOrders: '合約當前委託',
    futuresAccount: '合約帳戶'
  },
  balances: {
    hideSmall: '隱藏 < 1 USDT',
    asset: '幣種',
    free: '可用',
    locked: '凍結',
    total: '總額',
    value: '估值 (USDT)',
    loading: '正在載入資產…'
  },
  funds: {
    deposits: '充值',
    withdrawals: '提現',
    coin: '幣種',
    coinLabel: '幣種',
    statusLabel: '狀態',
    fromLabel: '開始日期',
    toLabel: '結束日期',
    anyStatus: '全部狀態',
    search: '查詢',
    amount: '數量（幣）',
    fee: '手續費（幣）',
    address: '地址',
    txid: '交易雜湊',
    none: { deposits: '沒有符合條件的充值紀錄', withdrawals: '沒有符合條件的提現紀錄' }
  },
  futures: {
    wallet: '錢包餘額',
    equity: '帳戶權益',
    unrealized: '未實現盈虧',
    realized: '已實現盈虧',
    crossMargin: '全倉保證金',
    isolated: '逐倉保證金',
    marginRate: '保證金率',
    loading: '正在載入合約帳戶…'
  },
  transfer: {
    title: '劃轉',
    rsaSet: '已設定 RSA 金鑰',
    rsaNone: '未設定 RSA 金鑰',
    rsaChecking: '正在檢查 RSA 金鑰…',
    from: '從',
    to: '到',
    swap: '切換方向',
    amount: '數量',
    amountLabel: '數量',
    max: '最大',
    available: '{wallet}可用：',
    transferring: '劃轉中…',
    submit: '劃轉到{wallet}',
    wallet: '合約錢包',
    balance: '餘額',
    availableCol: '可用',
    session: '本次執行的劃轉',
    walletNeedsRsa: '合約錢包需 RSA 金鑰才能讀取（合約帳戶見「帳戶 › 合約帳戶」）',
    walletEmpty: '合約錢包中沒有幣種',
    result: '{from} → {to} {amount} {coin}：{outcome} · {text}',
    done: '成功',
    failed: '失敗',
    failedToast: '劃轉失敗',
    id: '劃轉 {id}',
    confirmedFromRecords: '已根據交易所紀錄確認劃轉',
    unavailable: '目前無法劃轉',
    chooseCoin: '請選擇幣種',
    amountPositive: '數量必須是大於 0 的數字',
    tooMuch: '{amount} {coin} 超過可用的 {free} {coin}',
    what: '數量'
  }
}

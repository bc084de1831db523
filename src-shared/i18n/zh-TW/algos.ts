import type { Catalog } from '../catalog'
import type { algos as en } from '../en/algos'

export const algos: Catalog<typeof en> = {
  next: {
    working: '執行中：正在送出或撤銷其訂單',
    none: '無：已結束',
    paused: '恢復之前不做任何事',
    ocoWatch: '{limit} 的限價單成交，或最新價到達 {trigger}',
    fill: '等待訂單 {order} 成交',
    trailStart: '等待第一個最新價以開始追蹤',
    trigger: '最新價到達 {trigger} 時@:{side}',
    entry: '等待 {price} 的進場單成交（訂單 {order}）',
    bracketWatch: '持有 {held}：{takeProfit} 的停利單成交，或最新價到達停損觸發價 {trigger}',
    iceberg: '等待 {price} 顯示的 {shown} 成交（已成交 {filled} / {total}）',
    twapSlice: '等待第 {slice}/{slices} 片成交，直到 {until}（已成交 {filled} / {total}）',
    twapNext: '第 {slice}/{slices} 片於 {at} 下單（已成交 {filled} / {total}）',
    scaled: '等待 {open} 筆掛單成交（已成交 {filled} / {total}）',
    chaseBook: '等待首次讀取盤口最佳@:{side}',
    chaseAt: '等待 {price} 的限價單成交或盤口變動（邊界 {bound}；已成交 {filled} / {total}）',
    chaseMove: '於 {at} 移至 {price}（已成交 {filled} / {total}）'
  },
  reason: {
    cancelled: '已由您取消',
    killed: '已被緊急停止開關停止',
    filled: '已成交',
    notPlaced: '其{role}訂單未下單：@:{cause}',
    endedOutside: '其訂單在演算法之外結束（{status}）',
    missed: '終端關閉期間最新價（{price}）已越過觸發價（{trigger}）；恢復即立即送出，或取消',
    cancelUnknown: '無法確定訂單 {order} 是否已撤銷（@:{cause}）；請到交易所核實',
    placeUnknown: '無法確定訂單 {order} 是否已下單（@:{cause}）；請到交易所核實',
    childGone: '交易所已不再顯示訂單 {order}；請到交易所核實',
    takeProfit: '其停利單已成交',
    stopLoss: '其停損單已成交',
    twapEnded: '時長已結束，已成交 {filled} / {total}'
  },
  refuse: {
    unused: '@:{kind}不使用@:{field}',
    notRunning: '只有等待或執行中的演算法可以暫停（此演算法為 {state}）',
    notPaused: '只有已暫停的演算法可以恢復（此演算法為 {state}）',
    notFound: '此設定檔下沒有該演算法',
    closed: '終端正在關閉',
    needs: '@:{kind}需要@:{field}',
    marketBuy: '現貨市價買單以計價資產計量，@:{kind}無法買入確切數量：請使用停損限價',
    ocoSell: '賣出 OCO 的限價（{limit}）必須高於觸發價（{trigger}）',
    ocoBuy: '買入 OCO 的限價（{limit}）必須低於觸發價（{trigger}）',
    trailRange: '追蹤幅度必須大於 0 且小於 100%',
    notSaved: '演算法無法儲存（{error}）；未送出任何訂單',
    bracketBuy: '買入括號單的停利價（{takeProfit}）必須高於進場價（{entry}），停損觸發價（{trigger}）必須低於進場價',
    bracketSell: '賣出括號單的停利價（{takeProfit}）必須低於進場價（{entry}），停損觸發價（{trigger}）必須高於進場價',
    visibleAbove: '顯示數量（{visible}）不能大於總量（{total}）',
    twapSlices: '{seconds} 秒內 {slices} 片：每片之間至少相隔一秒',
    scaledRange: '分批掛單的價格區間需要兩個不同的價格（兩者都是 {price}）',
    scaledWeights: '數量係數為 {factor} 時，{orders} 筆中有數量為 0 或更小',
    scaledNarrow: '價格區間太窄，無法以 {decimals} 位小數得到 {orders} 個不同價格',
    scaledSmall: '總量太小，無法以 {decimals} 位數量小數分成 {orders} 筆',
    scaledSpread: '數量係數 {factor} 分成 {orders} 筆時數量相差過大（最多 10^12 倍）',
    chaseBound: '追單需要限價、最大距離或兩者：它可以追到多遠',
    distanceRange: '最大距離必須大於 0 且小於 100%',
    editEnded: '只能修改執行中或已暫停的演算法（此演算法為 {state}）',
    notEditable: '@:{kind}執行時不能修改@:{field}（請撤銷後重新建立）',
    editNothing: '沒有可修改的內容：這些值與執行中的相同',
    editInFlight: '此演算法的訂單 {order} 結果尚未確認：先核對；請稍後再試',
    editFired: '其停損已觸發（{price}）：現在不能修改'
  },
  keptAsideTitle: '部分演算法無法讀取',
  keptAside:
    '演算法檔案無法完整讀取（{reason}）；能讀取的演算法繼續執行。原檔案已另存於 {path}：請到交易所核實其餘演算法的訂單。'
}

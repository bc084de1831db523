import type { Catalog } from '../catalog'
import type { chartTrading as en } from '../en/chart-trading'

export const chartTrading: Catalog<typeof en> = {
  drag: {
    legMoved: '{kind}已移至 {price}',
    legRefused: '{kind}未移動',
    to: '移至 {price}',
    offAxis: '不在價格軸上：放開則訂單維持原價',
    moving: '正在移至 {price}…',
    cancelled: '已取消拖曳：訂單維持原價',
    refused: '訂單未移動'
  },
  menu: {
    label: '在 {price} 下單',
    refused: '無法從圖表下單',
    otherMarket: '此圖表不是下單面板的市場：請先在市場列表中選擇它',
    actions: {
      'buy-limit': '在 {price} 限價買入',
      'sell-limit': '在 {price} 限價賣出',
      'buy-stop': '在 {price} 停損買入',
      'sell-stop': '在 {price} 停損賣出'
    },
    algoGroup: '在此價格建演算法單…',
    algo: {
      'stop-limit': '{side}停損限價，觸發價 {price}…',
      'trailing-stop': '{side}追蹤停損，回撤 {pct} %…',
      oco: '{side} OCO，停損 {price}…',
      bracket: '{side}括號單，進場 {price}…'
    },
    algoFilled: '已在下單面板的演算法頁填入{kind}：請檢查後在那裡確認'
  },
  move: {
    busy: '訂單 {order} 正在移動中；請等待本次移動完成',
    unread: '無法讀取訂單 {order}（@:{reason}）；未送出任何請求',
    limitOnly: '只能移動限價單：訂單 {order} 不是限價單；未送出任何請求',
    notOpen: '訂單 {order} 不在掛單中（狀態 {status}）；未送出任何請求',
    samePrice: '訂單 {order} 已在 {price}；未送出任何請求',
    fillUnread: '無法讀取訂單 {order} 的成交數量（@:{reason}）',
    outcome: {
      moved: '訂單已移至 {price}',
      'moved-smaller': '訂單已移至 {price}，數量為剩餘的 {volume}（撤單前已成交 {filled}）',
      filled: '訂單 {order} 在移動前已成交（{filled}）：未下新單',
      'not-canceled': '訂單 {order} 未移動：撤單未生效，訂單維持原價',
      'cancel-unknown': '訂單 {order} 未移動：無法確定撤單是否生效，因此未下新單；請至交易所確認該訂單',
      'fill-unread': '訂單 {order} 已撤銷，但無法讀取其成交數量：未下新單',
      'place-rejected': '訂單 {order} 已撤銷，但 {price} 的新訂單被拒絕：目前沒有掛單',
      'place-unknown': '訂單 {order} 已撤銷；{price} 的新訂單仍在向交易所確認',
      'place-undetermined': '訂單 {order} 已撤銷；無法確定 {price} 的新訂單是否已下：請至交易所確認'
    }
  }
}

import type { Catalog } from '../catalog'
import type { main as en } from '../en/main'

export const main: Catalog<typeof en> = {
  noProfile: '目前沒有啟用的設定檔：請先新增或選擇一個交易所設定檔',
  internal: '內部錯誤，詳情請查看日誌',
  transport: {
    network: '無法連線交易所（連線失敗或被拒絕）：請求未送達。請檢查交易所是否在執行及其位址',
    timeout: '交易所未在規定時間內回應，請重試'
  },
  notSpotSymbol: '{symbol} 不是此交易所的現貨交易對',
  notFuturesContract: '{symbol} 不是此交易所的合約',
  noRecentTrades: '{ms} 毫秒內未收到 {symbol} 的最新成交',
  preferences: {
    notSaved: '偏好設定儲存失敗（{error}），未做任何變更',
    notSavedUnknown: '偏好設定儲存失敗（寫入失敗），未做任何變更',
    keptAsideTitle: '部分偏好設定無法讀取',
    keptAside: '這些設定已恢復為預設值（{dropped}），其餘設定均已保留。原檔案已另存於 {path}。'
  },
  profiles: {
    inFlightAddress:
      '此設定檔的交易所仍有 {count} 筆委託操作正在送出或核對，暫時無法變更交易所位址：請等候結果。若該交易所已永久停用，請以新位址新增一個設定檔；此設定檔會保留該操作的紀錄，直到交易所回覆 | 此設定檔的交易所仍有 {count} 筆委託操作正在送出或核對，暫時無法變更交易所位址：請等候結果。若該交易所已永久停用，請以新位址新增一個設定檔；此設定檔會保留這些操作的紀錄，直到交易所回覆',
    inFlightRemove:
      '此設定檔的交易所仍有 {count} 筆委託操作正在送出或核對，暫時無法刪除此設定檔：請等候結果。若該交易所已永久停用，請以新位址新增一個設定檔；此設定檔會保留該操作的紀錄，直到交易所回覆 | 此設定檔的交易所仍有 {count} 筆委託操作正在送出或核對，暫時無法刪除此設定檔：請等候結果。若該交易所已永久停用，請以新位址新增一個設定檔；此設定檔會保留這些操作的紀錄，直到交易所回覆',
    nameTaken: '已有名為「{name}」的設定檔',
    embeddedExists: '內建交易所設定檔已存在',
    notFound: '沒有 ID 為 {id} 的設定檔',
    newerFile:
      '{file} 的格式版本為 {version}，高於本應用程式支援的版本（{supported}）：請更新應用程式。該檔案未做任何變動。'
  },
  keys: {
    fields: { apiKey: 'API Key', apiSecret: 'API Secret', rsaPrivateKey: 'RSA 私鑰' },
    notText: '@:{field} 必須是文字',
    empty: '@:{field} 不可為空',
    tooLong: '@:{field} 最多 {max} 個字元',
    control: '@:{field} 不可包含控制字元',
    notAscii: '@:{field} 只能包含可列印的 ASCII 字元，且不可有空格',
    pemTooLong: '@:{field} 過長，不是有效的 PEM 私鑰',
    encrypted: '@:{field} 已加密：請匯出不含密碼的私鑰',
    notPem: '@:{field} 不是 PEM 格式的私鑰',
    notRsa: '@:{field} 必須是 RSA 金鑰，而不是 {type}'
  },
  keychain: {
    unavailable:
      '系統鑰匙圈無法使用：{reason}。金鑰絕不會以明文儲存；請啟動或解鎖系統金鑰圈（Linux 上的 Secret Service，如 gnome-keyring 或 KWallet；macOS 上的鑰匙圈；Windows 上的認證管理員）後再試一次。',
    entryUnreadable: '設定檔 {id} 在鑰匙圈中的項目無法讀取：請重新設定 API 金鑰以取代它。'
  },
  credentials: {
    none: '此設定檔沒有 API 金鑰：請在設定檔設定中新增',
    embeddedDown: '內建交易所未在執行'
  },
  transfer: {
    noKeys: '此設定檔沒有 API 金鑰',
    needsRsa: '劃轉需要 RSA 簽章：請為此設定檔新增 RSA 私鑰'
  },
  order: {
    batchUnmatched: '回覆只列出了 {total} 筆訂單中的 {listed} 筆',
    replaced: '收到回覆前訂單閘道已被取代；結果會繼續核對，並以通知告知',
    unexpected: '發生意外錯誤；該請求可能已生效，也可能未生效',
    closed: '訂單閘道在結果確定前已關閉',
    idUnread: '無法讀取訂單 ID（@:{reason}）；未送出任何請求',
    notRecorded: '終端未能在送出前記錄此操作；未送出任何請求',
    notRecordedSeeLog: '終端未能在送出前記錄此操作（詳見日誌）；未送出任何請求',
    restarted: '此操作結果確定前終端已停止；正在向交易所核對',
    idUsed: '此客戶訂單編號已使用過：重新下單需要新的客戶訂單編號',
    idHeld: '此客戶訂單編號對應的訂單結果交易所無法告知（訂單可能存在）：請先至交易所確認；新訂單需要新的客戶訂單編號'
  },
  verdict: {
    placeUndetermined: '無法確定訂單 {order} 是否已下單：@:{reason}；再次送出前請先至交易所確認',
    cancelUndetermined: '無法確定訂單 {order} 是否已撤單：@:{reason}；請至交易所確認（再次撤單是安全的）',
    rejected: '交易所拒絕了訂單 {order}',
    notPlaced: '未下單：時間窗口過後交易所仍沒有訂單 {order}（該請求未生效）',
    noSuchOrder: '訂單不存在',
    notCanceledFinal: '未撤單：訂單狀態為 {status}',
    notCanceled: '未撤單：撤單未生效（訂單狀態為 {status}）',
    notCanceledOpen: '未撤單：撤單未生效（訂單仍在掛單中）'
  },
  op: {
    identical: '相同的請求仍在送出或向交易所核對中；本次未送出：請等候其結果',
    unknown: '結果未知：無法連線交易所核對是否生效；仍在核對中，有結果後會顯示（在此之前相同的請求會被拒絕）',
    notApplied: '未生效：@:{reason}；可以安全地重新送出',
    undetermined: '結果未知：@:{reason}',
    closed: '結果確定前已關閉'
  },
  reason: {
    said: '{text}',
    readsRefused: '交易所拒絕了用於判斷的查詢（{error}）',
    triggerAbsent: '時間窗口過後，交易所既沒有此客戶訂單編號的訂單，也沒有相符的條件單',
    triggersMatch: '有 {count} 筆條件單與所送出的內容相符；交易所無法分辨哪一筆（若有）是這一筆',
    tpslAbsent: '時間窗口過後，交易所未列出相符的停利停損單',
    legAmbiguous: '有多筆條件單與所送出的某一條腿相符；交易所無法分辨哪一筆（若有）是這一筆',
    legsPartly: '{total} 條停利停損腿中只列出了 {found} 條',
    historyFull: '自請求以來 {symbol} 的訂單超過 {count} 筆；其中可能有停利停損腿已觸發',
    legMayHaveFired: '未列出相符的停利停損單，但自請求以來 {symbol} 新建了 {count} 筆平倉訂單：可能已有一條腿觸發',
    leverageNot: '交易所時間窗口過後，槓桿倍數仍不是 {leverage} 倍',
    leverageHidden: '交易所只在倉位上顯示槓桿倍數，而 {symbol} 沒有 positionType 為 {positionType} 的倉位',
    triggerCancelHidden:
      '交易所只列出等待中的條件單（已撤單與已觸發的看起來一樣）；若仍在等待，條件單列表中會顯示它，再次撤單是安全的',
    positionModeHidden: '交易所不顯示持倉模式；再次設定無害（只是設定一個值，不會新增任何東西）',
    marginModeHidden: '交易所不顯示保證金模式；再次設定無害（只是設定一個值，不會新增任何東西）',
    transferAbsent: '時間窗口過後，合約資金流水中沒有這筆劃轉',
    transfersMatch:
      '資金流水中有 {count} 筆 {amount} {coin} 的劃轉相符，其中 {accounted} 筆可能已有對應；交易所無法判斷這一筆是否在其中',
    baselineUnread: '資金流水中有一筆相符的劃轉，但送出前的紀錄未能讀取，它可能是更早的一筆相同劃轉'
  },
  operation: {
    conditional: '@:{kind}：@:{side}@:{open} {volume}，觸發價 {trigger}',
    tpslBoth: '停利停損（@:{side}）：停損 {slVolume}，觸發價 {slPrice}；停利 {tpVolume}，觸發價 {tpPrice}',
    tpslStop: '停利停損（@:{side}）：停損 {volume}，觸發價 {price}',
    tpslProfit: '停利停損（@:{side}）：停利 {volume}，觸發價 {price}',
    triggerCancel: '撤銷條件單 {orderId}',
    leverage: '槓桿 {leverage} 倍，@:{mode}',
    positionMode: '持倉模式：@:{mode}',
    marginMode: '保證金模式：@:{mode}',
    transfer: '{amount} {coin}，@:{direction}'
  },
  term: {
    side: { BUY: '買入', SELL: '賣出' },
    open: { OPEN: '開倉', CLOSE: '平倉' },
    trigger: { 'stop-loss': '停損', 'take-profit': '停利', 'trailing-stop': '追蹤停損' },
    marginMode: { cross: '全倉', isolated: '逐倉' },
    positionMode: { 'one-way': '單向持倉', hedge: '雙向持倉' },
    direction: { 'spot-to-futures': '現貨劃轉至合約', 'futures-to-spot': '合約劃轉至現貨' }
  },
  polling: {
    queued: '背景請求正在排隊等候頻率額度',
    budget: '頻率額度已使用 {percent}%',
    limited: '交易所回傳 429（請求過於頻繁）'
  },
  notice: {
    paperResetTitle: '已啟動新的模擬交易所',
    paperReset: '模擬交易所的資料@:{why}，已另存於 {path}；已啟動新的模擬交易所。',
    correction: '終端曾提示訂單 {clientOrderId} 未下單，但交易所現在顯示其為訂單 {orderId}。請檢查目前委託與倉位。'
  },
  paperData: {
    unreplayableSnapshot: '無法由此版本重播（快照：{reason}）',
    unreplayableRecord: '無法由此版本重播（日誌紀錄 {record}：{reason}）',
    damaged: '無法讀取（{error}）',
    otherFormat: '由其他版本寫入（格式版本 {found}；此版本讀取 {expected}）',
    noFormat: '由其他版本寫入（寫於格式版本出現之前；此版本讀取 {expected}）'
  },
  menu: {
    app: {
      about: '關於 {name}',
      hide: '隱藏 {name}',
      hideOthers: '隱藏其他',
      showAll: '顯示全部',
      quit: '結束 {name}'
    },
    edit: {
      title: '編輯',
      undo: '還原',
      redo: '重做',
      cut: '剪下',
      copy: '複製',
      paste: '貼上',
      selectAll: '全選'
    },
    view: {
      title: '檢視',
      reload: '重新載入',
      resetZoom: '實際大小',
      zoomIn: '放大',
      zoomOut: '縮小',
      fullScreen: '切換全螢幕'
    },
    window: { title: '視窗', minimize: '最小化', zoom: '縮放', close: '關閉視窗', front: '將全部移至最前' },
    help: { title: '說明', about: '關於 {name}' }
  },
  dialog: {
    startFailed: '{name} 無法啟動',
    updateTitle: '更新已就緒',
    updateReady: '{name} {version} 已可安裝。',
    updateDetail: '立即重新啟動以完成安裝，視窗會恢復原樣；選擇「稍後」則在結束時安裝。',
    restartNow: '立即重新啟動',
    later: '稍後'
  }
}

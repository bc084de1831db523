import type { Catalog } from '../catalog'
import type { app as en } from '../en/app'

export const app: Catalog<typeof en> = {
  brand: 'CH Trader',
  windowTitle: { monitor: '行情監控 · {app}', market: '{market} · {module} · {app}' },
  panels: {
    'market-list': '市場',
    order: '下單',
    orders: '委託',
    positions: '持倉',
    account: '資產',
    transfer: '劃轉',
    market: '行情'
  },
  panel: {
    failed: '{panel}發生錯誤',
    cannotShow: '無法顯示{panel}',
    cannotShowThis: '無法顯示此面板',
    failedToLoad: '載入失敗。',
    reload: '重新載入視窗',
    loadingOf: '正在載入{panel}…',
    loading: '載入中…'
  },
  workspace: {
    noMarketPanels: '沒有行情面板',
    noMarketPanelsText: '安裝行情面板後，訂單簿、K線圖和最新成交將顯示在這裡。',
    noOrderEntry: '沒有下單面板',
    noOrderEntryText: '此處暫不支援{module}下單。',
    nothingYet: '暫無內容',
    nothingYetText: '安裝交易面板後，委託、持倉和餘額將顯示在這裡。'
  },
  top: {
    modules: '板塊',
    moduleTab: '{module}（{keys}）',
    popOut: '在獨立視窗中開啟 {market}（Alt+P）',
    popOutUnavailable: '彈出視窗需要桌面應用程式提供 windows.open 通道',
    monitor: '監控',
    monitorTitle: '開啟行情監控：一覽多個市場（Alt+M）',
    monitorUnavailable: '監控視窗需要桌面應用程式提供 windows.open 通道',
    toLight: '切換到淺色主題',
    toDark: '切換到深色主題',
    settings: '設定（{keys}）'
  },
  shortcuts: {
    actions: {
      search: '搜尋市場',
      navigate: '在市場列表中上下移動並開啟市場（在搜尋框中）',
      escape: '關閉對話框或選單；清除搜尋'
    },
    scopes: { frame: '全域', market: '行情', trading: '交易' }
  },
  bridge: {
    lost: '與終端的連線已中斷',
    state: { unauthorized: '終端連線未授權', offline: '終端連線已離線', closed: '終端連線已關閉' },
    notConnected: '未連線到終端',
    windowRefused: '終端拒絕開啟新視窗（HTTP {status}）'
  },
  feedback: {
    error: '發生錯誤',
    notConnected: '未連線到終端',
    busyMore: '{label}（+{n}）',
    dismiss: '關閉'
  },
  notices: {
    title: '通知',
    unread: '{n} 則新通知 | {n} 則新通知',
    clear: '清除',
    close: '關閉',
    empty: '暫無通知',
    kinds: { fill: '成交', error: '錯誤', warn: '警告', info: '通知' },
    copyPath: '複製路徑',
    copyFailed: '無法複製路徑',
    loadFailed: '無法載入通知',
    clearFailed: '無法清除通知',
    keptAsideTitle: '部分通知無法讀取',
    keptAside: '通知檔案無法完整讀取（{reason}）；能讀取的通知均已保留。原檔案已另存於 {path}。'
  },
  windows: {
    openFailed: '無法開啟視窗',
    notReopened: '上次工作階段的 {n} 個視窗無法重新開啟 | 上次工作階段的 {n} 個視窗無法重新開啟',
    reopen: '重新開啟'
  },
  preferences: {
    notSaved: '無法儲存該偏好設定',
    legacySkipped: '舊版本的部分偏好設定未能匯入',
    legacyFailed: '無法匯入舊版本的偏好設定',
    legacyNotJson: '{key}：無法讀取（不是 JSON）',
    legacyInvalid: '{key}：{problem}'
  },
  profile: {
    kinds: { embedded: '模擬', remote: '遠端' },
    key: '金鑰 {masked}',
    noKeys: '無 API 金鑰',
    switching: '正在切換到 {name}',
    nowOn: '已切換到 {name}',
    paperTrading: '在內建交易所進行模擬交易',
    switchFailed: '無法切換到 {name}',
    switcher: '交易所設定檔',
    none: '無設定檔',
    notConnected: '未連線',
    loading: '載入中…',
    menuTitle: '交易所設定檔',
    embeddedHere: '本機內建交易所',
    addRemote: '新增遠端設定檔',
    manage: '管理…',
    actsOn: '作用於 {name}（{venue}）',
    actsOnPaper: '在內建交易所進行模擬交易',
    noneYet: '尚無設定檔',
    loadingProfile: '正在載入設定檔…',
    unencrypted: '未加密',
    unencryptedTitle: '未加密連線：傳送到此交易所的請求、簽章和訂單可能在網路上被讀取和竄改'
  },
  profiles: {
    intro:
      '內建交易所用於在本機進行模擬交易。新增真實交易所時需填寫其 REST 和 WebSocket 位址；其金鑰存入系統鑰匙圈，不會再回傳到此視窗。',
    damaged: '設定檔檔案已損壞並已移至一旁（{reason}）；副本位於 ',
    damagedEnd: '。',
    none: '沒有設定檔',
    noneText: '無法建立內建交易所設定檔（系統鑰匙圈是否可用？）。請新增一個遠端設定檔以開始使用。',
    active: '使用中',
    use: '使用',
    edit: '編輯名稱和位址',
    keys: 'API 金鑰',
    remove: '刪除設定檔',
    urls: { rest: 'REST', spot: '現貨 WS', futures: '合約 WS' },
    embeddedHere: '內建交易所執行於 127.0.0.1（每次啟動時選擇連接埠）；模擬帳戶已注資。',
    checkingKeys: '正在檢查金鑰…',
    rsa: 'RSA',
    noKeys: '無 API 金鑰：僅顯示行情資料。',
    addKeys: '新增金鑰',
    removeConfirm: '刪除 {name} 並從鑰匙圈中刪除其金鑰？',
    removeYes: '刪除',
    keep: '保留',
    nowOn: '已切換到 {name}',
    switchFailed: '無法切換到 {name}',
    removed: '設定檔已刪除',
    removedText: '{name} 及其鑰匙圈項目',
    removeFailed: '無法刪除 {name}'
  },
  profileForm: {
    addTitle: '新增遠端交易所',
    editTitle: '編輯 {name}',
    fields: {
      name: '名稱',
      baseUrl: 'REST 基礎位址',
      wsSpotUrl: '現貨 WebSocket 位址',
      wsFuturesUrl: '合約 WebSocket 位址',
      apiKey: 'API Key',
      apiSecret: 'Secret Key',
      rsaPrivateKey: 'RSA 私鑰',
      allowUnencrypted: '允許未加密連線'
    },
    namePlaceholder: '例如：我的交易所',
    unencryptedNote:
      '—— 透過 http:// 或 ws:// 連線其他電腦：網路路徑上的任何人都能讀取並竄改你的請求和訂單。僅適用於你信任的網路中的交易所；此設定檔會被標記為「未加密」。',
    keysLegend: 'API 金鑰',
    keysOptional: '—— 選填；沒有金鑰時，此設定檔只顯示行情資料',
    apiKeyHint: '只傳送一次到系統鑰匙圈；之後僅顯示為 abcd…wxyz。',
    rsaHint: '選填。PEM 格式，未加密；僅錢包劃轉需要。',
    cancel: '取消',
    saving: '儲存中…',
    save: '儲存',
    add: '新增設定檔',
    saved: '設定檔已儲存',
    added: '設定檔已新增',
    addedWithKeys: '{name}：金鑰{where}',
    saveFailed: '無法儲存設定檔',
    addFailed: '無法新增設定檔',
    invalid: {
      said: '{field}：{reason}',
      required: '{field}為必填',
      requiredWithKeys: '填寫金鑰時{field}為必填',
      tooLong: '{field}最多 {max} 個字元',
      control: '{field}不能包含控制字元',
      url: '{field}必須是完整的 {kind} 位址',
      urlExample: '{field}必須是完整的 {kind} 位址，例如 {example}',
      unencrypted:
        '{field}：透過 {protocol}// 連線 {host} 將不加密：遠端交易所必須透過 https:// 和 wss:// 存取，除非它執行在本機（127.0.0.0/8、::1、localhost）。請使用 {secure}，或勾選「{override}」',
      notAscii: '{field}必須是不含空格的可列印 ASCII 字元',
      pemTooLong: '{field}過長，不是有效的 PEM 私鑰',
      encrypted: '{field}已加密；請匯出不帶密碼的版本',
      notPem: '{field}必須是 PEM 私鑰（-----BEGIN PRIVATE KEY----- …）'
    }
  },
  keys: {
    title: '{name} 的 API 金鑰',
    stored: '金鑰{where}：',
    rsa: ' · RSA 私鑰',
    replace: '。新金鑰將取代現有金鑰。',
    none: '尚未儲存金鑰。新增交易所的 API Key 和 Secret Key 即可透過此設定檔交易。',
    delete: '刪除金鑰',
    deleteConfirm: '刪除已儲存的金鑰？',
    deleteYes: '刪除',
    keep: '保留',
    cancel: '取消',
    storing: '儲存中…',
    store: '儲存金鑰',
    storedToast: '金鑰已儲存（{where}）',
    storedText: '{name}：{masked}',
    storeFailed: '無法儲存金鑰',
    deleted: '金鑰已刪除',
    deleteFailed: '無法刪除金鑰',
    keptIn: { keychain: '存於系統鑰匙圈', session: '僅保留至本次工作階段結束，無鑰匙圈' }
  }
}

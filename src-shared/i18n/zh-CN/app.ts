import type { Catalog } from '../catalog'
import type { app as en } from '../en/app'

export const app: Catalog<typeof en> = {
  brand: 'CH Trader',
  windowTitle: { monitor: '行情监控 · {app}', market: '{market} · {module} · {app}' },
  panels: {
    'market-list': '市场',
    order: '下单',
    orders: '委托',
    positions: '持仓',
    account: '资产',
    transfer: '划转',
    market: '行情'
  },
  panel: {
    failed: '{panel}出错',
    cannotShow: '无法显示{panel}',
    cannotShowThis: '无法显示此面板',
    failedToLoad: '加载失败。',
    reload: '重新加载窗口',
    loadingOf: '正在加载{panel}…',
    loading: '加载中…'
  },
  workspace: {
    noMarketPanels: '没有行情面板',
    noMarketPanelsText: '安装行情面板后，订单簿、K线图和最新成交将显示在这里。',
    noOrderEntry: '没有下单面板',
    noOrderEntryText: '此处暂不支持{module}下单。',
    nothingYet: '暂无内容',
    nothingYetText: '安装交易面板后，委托、持仓和余额将显示在这里。'
  },
  top: {
    modules: '板块',
    moduleTab: '{module}（{keys}）',
    popOut: '在独立窗口中打开 {market}（Alt+P）',
    popOutUnavailable: '弹出窗口需要桌面应用提供 windows.open 通道',
    monitor: '监控',
    monitorTitle: '打开行情监控：一览多个市场（Alt+M）',
    monitorUnavailable: '监控窗口需要桌面应用提供 windows.open 通道',
    toLight: '切换到浅色主题',
    toDark: '切换到深色主题',
    settings: '设置（{keys}）'
  },
  shortcuts: {
    actions: {
      search: '搜索市场',
      navigate: '在市场列表中上下移动并打开市场（在搜索框中）',
      escape: '关闭对话框或菜单；清除搜索'
    },
    scopes: { frame: '全局', market: '行情', trading: '交易' }
  },
  bridge: {
    lost: '与终端的连接已断开',
    state: { unauthorized: '终端连接未授权', offline: '终端连接已离线', closed: '终端连接已关闭' },
    notConnected: '未连接到终端',
    windowRefused: '终端拒绝打开新窗口（HTTP {status}）'
  },
  feedback: {
    error: '出错了',
    notConnected: '未连接到终端',
    busyMore: '{label}（+{n}）',
    dismiss: '关闭'
  },
  notices: {
    title: '通知',
    unread: '{n} 条新通知 | {n} 条新通知',
    clear: '清空',
    close: '关闭',
    empty: '暂无通知',
    kinds: { fill: '成交', error: '错误', warn: '警告', info: '通知' },
    copyPath: '复制路径',
    copyFailed: '无法复制路径',
    loadFailed: '无法加载通知',
    clearFailed: '无法清空通知',
    keptAsideTitle: '部分通知无法读取',
    keptAside: '通知文件无法完整读取（{reason}）；能读取的通知均已保留。原文件已另存于 {path}。'
  },
  windows: {
    openFailed: '无法打开窗口',
    notReopened: '上次会话的 {n} 个窗口无法重新打开 | 上次会话的 {n} 个窗口无法重新打开',
    reopen: '重新打开'
  },
  preferences: {
    notSaved: '无法保存该偏好设置',
    legacySkipped: '旧版本的部分偏好设置未能导入',
    legacyFailed: '无法导入旧版本的偏好设置',
    legacyNotJson: '{key}：无法读取（不是 JSON）',
    legacyInvalid: '{key}：{problem}'
  },
  profile: {
    kinds: { embedded: '模拟', remote: '远程' },
    key: '密钥 {masked}',
    noKeys: '无 API 密钥',
    switching: '正在切换到 {name}',
    nowOn: '已切换到 {name}',
    paperTrading: '在内置交易所进行模拟交易',
    switchFailed: '无法切换到 {name}',
    switcher: '交易所配置',
    none: '无配置',
    notConnected: '未连接',
    loading: '加载中…',
    menuTitle: '交易所配置',
    embeddedHere: '本机内置交易所',
    addRemote: '添加远程配置',
    manage: '管理…',
    actsOn: '作用于 {name}（{venue}）',
    actsOnPaper: '在内置交易所进行模拟交易',
    noneYet: '尚无配置',
    loadingProfile: '正在加载配置…',
    unencrypted: '未加密',
    unencryptedTitle: '未加密连接：发往该交易所的请求、签名和订单可能在网络上被读取和篡改'
  },
  profiles: {
    intro:
      '内置交易所用于在本机进行模拟交易。添加真实交易所时需填写其 REST 和 WebSocket 地址；其密钥存入系统钥匙串，不会再回传到此窗口。',
    damaged: '配置文件已损坏并已移至一旁（{reason}）；副本位于 ',
    damagedEnd: '。',
    none: '没有配置',
    noneText: '无法创建内置交易所配置（系统钥匙串是否可用？）。请添加一个远程配置以开始使用。',
    active: '当前',
    use: '使用',
    edit: '编辑名称和地址',
    keys: 'API 密钥',
    remove: '删除配置',
    urls: { rest: 'REST', spot: '现货 WS', futures: '合约 WS' },
    embeddedHere: '内置交易所运行于 127.0.0.1（每次启动时选择端口）；模拟账户已注资。',
    checkingKeys: '正在检查密钥…',
    rsa: 'RSA',
    noKeys: '无 API 密钥：仅显示行情数据。',
    addKeys: '添加密钥',
    removeConfirm: '删除 {name} 并从钥匙串中删除其密钥？',
    removeYes: '删除',
    keep: '保留',
    nowOn: '已切换到 {name}',
    switchFailed: '无法切换到 {name}',
    removed: '配置已删除',
    removedText: '{name} 及其钥匙串条目',
    removeFailed: '无法删除 {name}'
  },
  profileForm: {
    addTitle: '添加远程交易所',
    editTitle: '编辑 {name}',
    fields: {
      name: '名称',
      baseUrl: 'REST 基础地址',
      wsSpotUrl: '现货 WebSocket 地址',
      wsFuturesUrl: '合约 WebSocket 地址',
      apiKey: 'API Key',
      apiSecret: 'Secret Key',
      rsaPrivateKey: 'RSA 私钥',
      allowUnencrypted: '允许未加密连接'
    },
    namePlaceholder: '例如：我的交易所',
    unencryptedNote:
      '—— 通过 http:// 或 ws:// 连接其他计算机：网络路径上的任何人都能读取并篡改你的请求和订单。仅适用于你信任的网络中的交易所；该配置会被标记为“未加密”。',
    keysLegend: 'API 密钥',
    keysOptional: '—— 可选；没有密钥时，该配置只显示行情数据',
    apiKeyHint: '只发送一次到系统钥匙串；之后仅显示为 abcd…wxyz。',
    rsaHint: '可选。PEM 格式，未加密；仅钱包划转需要。',
    cancel: '取消',
    saving: '保存中…',
    save: '保存',
    add: '添加配置',
    saved: '配置已保存',
    added: '配置已添加',
    addedWithKeys: '{name}：密钥{where}',
    saveFailed: '无法保存配置',
    addFailed: '无法添加配置',
    invalid: {
      said: '{field}：{reason}',
      required: '{field}为必填项',
      requiredWithKeys: '填写密钥时{field}为必填项',
      tooLong: '{field}最多 {max} 个字符',
      control: '{field}不能包含控制字符',
      url: '{field}必须是完整的 {kind} 地址',
      urlExample: '{field}必须是完整的 {kind} 地址，例如 {example}',
      unencrypted:
        '{field}：通过 {protocol}// 连接 {host} 将不加密：远程交易所必须通过 https:// 和 wss:// 访问，除非它运行在本机（127.0.0.0/8、::1、localhost）。请使用 {secure}，或勾选“{override}”',
      notAscii: '{field}必须是不含空格的可打印 ASCII 字符',
      pemTooLong: '{field}过长，不是有效的 PEM 私钥',
      encrypted: '{field}已加密；请导出不带密码的版本',
      notPem: '{field}必须是 PEM 私钥（-----BEGIN PRIVATE KEY----- …）'
    }
  },
  keys: {
    title: '{name} 的 API 密钥',
    stored: '密钥{where}：',
    rsa: ' · RSA 私钥',
    replace: '。新密钥将替换现有密钥。',
    none: '尚未保存密钥。添加交易所的 API Key 和 Secret Key 即可通过此配置交易。',
    delete: '删除密钥',
    deleteConfirm: '删除已保存的密钥？',
    deleteYes: '删除',
    keep: '保留',
    cancel: '取消',
    storing: '保存中…',
    store: '保存密钥',
    storedToast: '密钥已保存（{where}）',
    storedText: '{name}：{masked}',
    storeFailed: '无法保存密钥',
    deleted: '密钥已删除',
    deleteFailed: '无法删除密钥',
    keptIn: { keychain: '存于系统钥匙串', session: '仅保留至本次会话结束，无钥匙串' }
  }
}

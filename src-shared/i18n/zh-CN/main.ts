import type { Catalog } from '../catalog'
import type { main as en } from '../en/main'

export const main: Catalog<typeof en> = {
  noProfile: '当前没有启用的配置：请先添加或选择一个交易所配置',
  internal: '内部错误，详情请查看日志',
  transport: {
    network: '无法连接交易所（连接失败或被拒绝）：请求未送达。请检查交易所是否在运行及其地址',
    timeout: '交易所未在规定时间内应答，请重试'
  },
  notSpotSymbol: '{symbol} 不是该交易所的现货交易对',
  notFuturesContract: '{symbol} 不是该交易所的合约',
  noRecentTrades: '{ms} 毫秒内未收到 {symbol} 的最新成交',
  preferences: {
    notSaved: '偏好设置保存失败（{error}），未做任何更改',
    notSavedUnknown: '偏好设置保存失败（写入失败），未做任何更改',
    keptAsideTitle: '部分偏好设置无法读取',
    keptAside: '这些设置已恢复为默认值（{dropped}），其余设置均已保留。原文件已另存于 {path}。'
  },
  profiles: {
    inFlightAddress:
      '该配置的交易所仍有 {count} 个委托操作正在发送或核对，暂不能更改交易所地址：请等待结果。若该交易所已永久停用，请用新地址添加一个新配置；本配置会保留该操作的记录，直到交易所给出答复 | 该配置的交易所仍有 {count} 个委托操作正在发送或核对，暂不能更改交易所地址：请等待结果。若该交易所已永久停用，请用新地址添加一个新配置；本配置会保留这些操作的记录，直到交易所给出答复',
    inFlightRemove:
      '该配置的交易所仍有 {count} 个委托操作正在发送或核对，暂不能删除该配置：请等待结果。若该交易所已永久停用，请用新地址添加一个新配置；本配置会保留该操作的记录，直到交易所给出答复 | 该配置的交易所仍有 {count} 个委托操作正在发送或核对，暂不能删除该配置：请等待结果。若该交易所已永久停用，请用新地址添加一个新配置；本配置会保留这些操作的记录，直到交易所给出答复',
    nameTaken: '已存在名为“{name}”的配置',
    embeddedExists: '内置交易所配置已存在',
    notFound: '不存在 ID 为 {id} 的配置',
    newerFile: '{file} 的格式版本为 {version}，高于本应用支持的版本（{supported}）：请更新应用。该文件未做任何改动。'
  },
  keys: {
    fields: { apiKey: 'API Key', apiSecret: 'API Secret', rsaPrivateKey: 'RSA 私钥' },
    notText: '@:{field} 必须是文本',
    empty: '@:{field} 不能为空',
    tooLong: '@:{field} 最多 {max} 个字符',
    control: '@:{field} 不能包含控制字符',
    notAscii: '@:{field} 只能包含可打印的 ASCII 字符，且不能有空格',
    pemTooLong: '@:{field} 过长，不是有效的 PEM 私钥',
    encrypted: '@:{field} 已加密：请导出不带密码的私钥',
    notPem: '@:{field} 不是 PEM 格式的私钥',
    notRsa: '@:{field} 必须是 RSA 密钥，而不是 {type}'
  },
  keychain: {
    unavailable:
      '系统钥匙串不可用：{reason}。密钥绝不会以明文保存；请启动或解锁系统密钥环（Linux 上的 Secret Service，如 gnome-keyring 或 KWallet；macOS 上的钥匙串；Windows 上的凭据管理器）后重试。',
    entryUnreadable: '配置 {id} 在钥匙串中的条目无法读取：请重新设置 API 密钥以替换它。'
  },
  credentials: {
    none: '该配置没有 API 密钥：请在配置设置中添加',
    embeddedDown: '内置交易所未在运行'
  },
  transfer: {
    noKeys: '该配置没有 API 密钥',
    needsRsa: '划转需要 RSA 签名：请为该配置添加 RSA 私钥'
  },
  order: {
    batchUnmatched: '答复只列出了 {total} 笔订单中的 {listed} 笔',
    replaced: '收到答复前订单网关已被替换；结果会继续核对，并以通知告知',
    unexpected: '发生意外错误；该请求可能已生效，也可能未生效',
    closed: '订单网关在结果确定前已关闭',
    idUnread: '无法读取订单 ID（@:{reason}）；未发送任何请求',
    notRecorded: '终端未能在发送前记录该操作；未发送任何请求',
    notRecordedSeeLog: '终端未能在发送前记录该操作（详见日志）；未发送任何请求',
    restarted: '该操作结果确定前终端已停止；正在向交易所核对',
    idUsed: '该客户订单号已使用过：重新下单需要新的客户订单号',
    idHeld: '该客户订单号对应的订单结果交易所无法告知（订单可能存在）：请先到交易所核实；新订单需要新的客户订单号'
  },
  verdict: {
    placeUndetermined: '无法确定订单 {order} 是否已下单：@:{reason}；再次发送前请先到交易所核实',
    cancelUndetermined: '无法确定订单 {order} 是否已撤单：@:{reason}；请到交易所核实（再次撤单是安全的）',
    rejected: '交易所拒绝了订单 {order}',
    notPlaced: '未下单：时间窗口过后交易所仍没有订单 {order}（该请求未生效）',
    noSuchOrder: '订单不存在',
    notCanceledFinal: '未撤单：订单状态为 {status}',
    notCanceled: '未撤单：撤单未生效（订单状态为 {status}）',
    notCanceledOpen: '未撤单：撤单未生效（订单仍在挂单中）'
  },
  op: {
    identical: '相同的请求仍在发送或向交易所核对中；本次未发送：请等待其结果',
    unknown: '结果未知：无法连接交易所核对是否生效；仍在核对中，有结果后会显示（在此之前相同的请求会被拒绝）',
    notApplied: '未生效：@:{reason}；可以安全地重新发送',
    undetermined: '结果未知：@:{reason}',
    closed: '结果确定前已关闭'
  },
  reason: {
    said: '{text}',
    readsRefused: '交易所拒绝了用于判断的查询（{error}）',
    triggerAbsent: '时间窗口过后，交易所既没有该客户订单号的订单，也没有匹配的条件单',
    triggersMatch: '有 {count} 个条件单与所发送的内容相符；交易所无法分辨哪一个（如果有）是这一笔',
    tpslAbsent: '时间窗口过后，交易所未列出匹配的止盈止损单',
    legAmbiguous: '有多个条件单与所发送的某一条腿相符；交易所无法分辨哪一个（如果有）是这一笔',
    legsPartly: '{total} 条止盈止损腿中只列出了 {found} 条',
    historyFull: '自请求以来 {symbol} 的订单超过 {count} 笔；其中可能有止盈止损腿已触发',
    legMayHaveFired: '未列出匹配的止盈止损单，但自请求以来 {symbol} 新建了 {count} 笔平仓订单：可能已有一条腿触发',
    leverageNot: '交易所时间窗口过后，杠杆倍数仍不是 {leverage} 倍',
    leverageHidden: '交易所只在仓位上显示杠杆倍数，而 {symbol} 没有 positionType 为 {positionType} 的仓位',
    triggerCancelHidden:
      '交易所只列出等待中的条件单（已撤销和已触发的看起来一样）；若仍在等待，条件单列表中会显示它，再次撤单是安全的',
    positionModeHidden: '交易所不显示持仓模式；再次设置无害（只是设定一个值，不会新增任何东西）',
    marginModeHidden: '交易所不显示保证金模式；再次设置无害（只是设定一个值，不会新增任何东西）',
    transferAbsent: '时间窗口过后，合约资金流水中没有这笔划转',
    transfersMatch:
      '资金流水中有 {count} 笔 {amount} {coin} 的划转相符，其中 {accounted} 笔可能已有对应；交易所无法判断这一笔是否在其中',
    baselineUnread: '资金流水中有一笔相符的划转，但发送前的记录未能读取，它可能是更早的一笔相同划转'
  },
  operation: {
    conditional: '@:{kind}：@:{side}@:{open} {volume}，触发价 {trigger}',
    tpslBoth: '止盈止损（@:{side}）：止损 {slVolume}，触发价 {slPrice}；止盈 {tpVolume}，触发价 {tpPrice}',
    tpslStop: '止盈止损（@:{side}）：止损 {volume}，触发价 {price}',
    tpslProfit: '止盈止损（@:{side}）：止盈 {volume}，触发价 {price}',
    triggerCancel: '撤销条件单 {orderId}',
    leverage: '杠杆 {leverage} 倍，@:{mode}',
    positionMode: '持仓模式：@:{mode}',
    marginMode: '保证金模式：@:{mode}',
    transfer: '{amount} {coin}，@:{direction}'
  },
  term: {
    side: { BUY: '买入', SELL: '卖出' },
    open: { OPEN: '开仓', CLOSE: '平仓' },
    trigger: { 'stop-loss': '止损', 'take-profit': '止盈', 'trailing-stop': '追踪止损' },
    marginMode: { cross: '全仓', isolated: '逐仓' },
    positionMode: { 'one-way': '单向持仓', hedge: '双向持仓' },
    direction: { 'spot-to-futures': '现货划转至合约', 'futures-to-spot': '合约划转至现货' }
  },
  polling: {
    queued: '后台请求正在排队等待频率额度',
    budget: '频率额度已用 {percent}%',
    limited: '交易所返回 429（请求过于频繁）'
  },
  notice: {
    paperResetTitle: '已启动新的模拟交易所',
    paperReset: '模拟交易所的数据@:{why}，已另存于 {path}；已启动新的模拟交易所。',
    correction: '终端曾提示订单 {clientOrderId} 未下单，但交易所现在显示其为订单 {orderId}。请检查当前委托和仓位。'
  },
  paperData: {
    unreplayableSnapshot: '无法被此版本回放（快照：{reason}）',
    unreplayableRecord: '无法被此版本回放（日志记录 {record}：{reason}）',
    damaged: '无法读取（{error}）',
    otherFormat: '由其他版本写入（格式版本 {found}；此版本读取 {expected}）',
    noFormat: '由其他版本写入（写于格式版本出现之前；此版本读取 {expected}）'
  },
  menu: {
    app: {
      about: '关于 {name}',
      hide: '隐藏 {name}',
      hideOthers: '隐藏其他',
      showAll: '全部显示',
      quit: '退出 {name}'
    },
    edit: {
      title: '编辑',
      undo: '撤销',
      redo: '重做',
      cut: '剪切',
      copy: '复制',
      paste: '粘贴',
      selectAll: '全选'
    },
    view: {
      title: '视图',
      reload: '重新加载',
      resetZoom: '实际大小',
      zoomIn: '放大',
      zoomOut: '缩小',
      fullScreen: '切换全屏'
    },
    window: { title: '窗口', minimize: '最小化', zoom: '缩放', close: '关闭窗口', front: '全部置于顶层' },
    help: { title: '帮助', about: '关于 {name}' }
  },
  dialog: {
    startFailed: '{name} 无法启动',
    updateTitle: '更新已就绪',
    updateReady: '{name} {version} 已可安装。',
    updateDetail: '立即重启以完成安装，窗口会恢复原样；选择“稍后”则在退出时安装。',
    restartNow: '立即重启',
    later: '稍后'
  }
}

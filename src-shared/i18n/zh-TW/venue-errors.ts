import type { Catalog } from '../catalog'
import type { venueErrors as en } from '../en/venue-errors'

export const venueErrors: Catalog<typeof en> = {
  withCode: '{message}（錯誤碼 {code}）',
  asReceived: '交易所回傳：{message}（錯誤碼 {code}）',
  saidToo: '{message}：交易所回傳「{said}」',
  codes: {
    e1000: '交易所處理請求時發生未知錯誤',
    e1002: '未授權：API 金鑰缺失或交易所無法識別',
    e1003: '請求過於頻繁：交易所正在限制此金鑰',
    e1017: '簽章請求必須以 application/json 送出',
    e1021: '請求時間超出交易所允許的範圍：請檢查本機時鐘',
    e1022: '簽章無效：請檢查 API 密鑰（Secret）',
    e1023: '請求缺少時間戳記（X-CH-TS）',
    e1024: '請求缺少簽章（X-CH-SIGN）',
    e1100: '參數包含交易所不接受的字元',
    e1101: '參數過多',
    e1102: '必填參數缺失、為空或格式錯誤',
    e1103: '交易所不認識的參數',
    e1111: '小數位數超過交易所對該數量或價格允許的精度',
    e1116: '訂單類型無效',
    e1117: '買賣方向無效',
    e1121: '此交易所沒有該交易對或合約',
    e1136: '訂單數量低於最小值',
    e1138: '價格偏離最新價過大',
    e1145: '目前訂單狀態不允許撤單',
    e2013: '訂單不存在',
    e2015: 'API 金鑰被拒絕（格式錯誤或無權限）',
    e2016: '此帳戶交易已凍結',
    e2017: '帳戶餘額不足'
  }
}

import type { Catalog } from '../catalog'
import type { venueErrors as en } from '../en/venue-errors'

export const venueErrors: Catalog<typeof en> = {
  withCode: '{message}（错误码 {code}）',
  asReceived: '交易所返回：{message}（错误码 {code}）',
  saidToo: '{message}：交易所返回“{said}”',
  codes: {
    e1000: '交易所处理请求时发生未知错误',
    e1002: '未授权：API 密钥缺失或交易所无法识别',
    e1003: '请求过于频繁：交易所正在限制此密钥',
    e1017: '签名请求必须以 application/json 发送',
    e1021: '请求时间超出交易所允许的范围：请检查本机时钟',
    e1022: '签名无效：请检查 API 密钥（Secret）',
    e1023: '请求缺少时间戳（X-CH-TS）',
    e1024: '请求缺少签名（X-CH-SIGN）',
    e1100: '参数包含交易所不接受的字符',
    e1101: '参数过多',
    e1102: '必填参数缺失、为空或格式错误',
    e1103: '交易所不认识的参数',
    e1111: '小数位数超过交易所对该数量或价格允许的精度',
    e1116: '订单类型无效',
    e1117: '买卖方向无效',
    e1121: '该交易所没有此交易对或合约',
    e1136: '订单数量低于最小值',
    e1138: '价格偏离最新价过大',
    e1145: '当前订单状态不允许撤单',
    e2013: '订单不存在',
    e2015: 'API 密钥被拒绝（格式错误或无权限）',
    e2016: '该账户交易已冻结',
    e2017: '账户余额不足'
  }
}

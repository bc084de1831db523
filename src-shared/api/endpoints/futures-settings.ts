// Futures leverage, position model, margin model and trigger expiry (/fapi/v1, security TRADE). Bodies beyond
// edit_lever's are "not shown" in the spec and follow api-family-notes.md; every field is required (the notes
// mark none optional, and the spec stars none). Each answers {"code":"0","msg":"success","data":null}.
import { endpoint, req } from './build'
import { contractName, positionType } from './params'

const leverageBody = [
  contractName,
  req('leverageLevel', 'integer', 'New leverage, at least 1; the upper bound is per contract.', { min: 1 }),
  positionType
]

export const FUTURES_SETTINGS = [
  endpoint({
    id: 'futures.leverage.edit',
    method: 'POST',
    path: '/fapi/v1/edit_lever',
    security: 'TRADE',
    params: leverageBody,
    response: 'EditAck',
    summary: 'Adjust leverage for a contract.'
  }),
  endpoint({
    id: 'futures.leverage.levelEdit',
    method: 'POST',
    path: '/fapi/v1/level_edit',
    security: 'TRADE',
    params: leverageBody,
    response: 'EditAck',
    summary: 'Legacy alias of edit_lever (own entry: the spec lists it as its own row).'
  }),
  endpoint({
    id: 'futures.positionModel.edit',
    method: 'POST',
    path: '/fapi/v1/edit_user_position_model',
    security: 'TRADE',
    params: [contractName, req('positionModel', 'integer', '1 one-way, 2 hedge.', { values: ['1', '2'] })],
    response: 'EditAck',
    summary: 'Switch the position model.'
  }),
  endpoint({
    id: 'futures.marginModel.edit',
    method: 'POST',
    path: '/fapi/v1/edit_user_margin_model',
    security: 'TRADE',
    params: [contractName, req('marginModel', 'integer', '1 cross, 2 isolated.', { values: ['1', '2'] })],
    response: 'EditAck',
    summary: 'Switch the margin model (cross / isolated).'
  }),
  endpoint({
    id: 'futures.triggerTime.edit',
    method: 'POST',
    path: '/fapi/v1/trigger_time_edit',
    security: 'TRADE',
    params: [
      contractName,
      req('triggerOrderId', 'id', 'Trigger order to change.'),
      req('expireTime', 'long', 'New expiry, ms.')
    ],
    response: 'EditAck',
    summary: 'Adjust the expiry time of a trigger order.'
  })
] as const

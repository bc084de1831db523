// The catalog typed end to end, proven at compile time: `npm run typecheck` covers this file (tsconfig.node.json holds
// test/), and each `@ts-expect-error` fails that check once the error it expects is gone. An endpoint id, a parameter
// name or value, a response field or a handler's answer that disagrees with the catalog does not compile: on the
// client (ParamsOf, NormalizedResponseOf) and in the embedded exchange's handler table (ValidatedParamsOf, ResponseOf).
import { describe, expectTypeOf, it } from 'vitest'
import type { ExchangeClient } from '../../../src-main/client'
import type { EndpointId, ResponseOf } from '../../../src-shared/api/catalog'
import type { ParamsOf, ValidatedParamsOf } from '../../../src-shared/api/typed'
import type { FuturesIndex, SpotOrderCreate } from '../../../src-shared/api/wire'
import { JsonNumber } from '../../../src-shared/json/lossless-json'
import {
  handlersOf,
  type AnswerOf,
  type EndpointHandler,
  type HandlerTable,
  type RequestOf
} from '../../../src-sim/handlers/context'

const order = { symbol: 'btcusdt', volume: '0.1', side: 'BUY', type: 'LIMIT', price: '65000.5' } as const

/** Bodies that only the compiler reads: never called, so nothing is sent. */
const compileOnly = (_check: (client: ExchangeClient) => Promise<unknown>): void => undefined

describe('catalog types', () => {
  it('derives the parameters of an id from its catalog entry', () => {
    expectTypeOf<ParamsOf<'spot.depth'>>().toEqualTypeOf<{ symbol: string; limit?: number }>()
    expectTypeOf<ParamsOf<'spot.order.place'>>().toEqualTypeOf<{
      symbol: string
      volume: string
      side: 'BUY' | 'SELL'
      type: 'LIMIT' | 'MARKET'
      price?: string
      newClientOrderId?: string
      recvWindow?: number
    }>()
    // integer codes as literal numbers, enums as their values, nested batch items by their own ParamDefs
    expectTypeOf<ParamsOf<'futures.leverage.edit'>['positionType']>().toEqualTypeOf<1 | 2>()
    expectTypeOf<ParamsOf<'futures.transfer'>['transferType']>().toEqualTypeOf<
      'wallet_to_contract' | 'contract_to_wallet'
    >()
    expectTypeOf<ParamsOf<'spot.order.batchPlace'>['orders'][number]['batchType']>().toEqualTypeOf<'LIMIT' | 'MARKET'>()
    expectTypeOf<ParamsOf<'spot.order.batchCancel'>['orderIds']>().toEqualTypeOf<readonly string[]>()
    // the handler's view: defaults filled in, longs as text, header parameters left to the front
    expectTypeOf<ValidatedParamsOf<'spot.depth'>>().toEqualTypeOf<{ symbol: string; limit: number }>()
    expectTypeOf<ValidatedParamsOf<'futures.klines'>['startTime']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<keyof ValidatedParamsOf<'futures.contracts'>>().toEqualTypeOf<never>()
  })

  it('types the client by id: parameters in, the normalized response out', () => {
    expectTypeOf<ExchangeClient['spotOrderPlace']>().parameter(0).toEqualTypeOf<ParamsOf<'spot.order.place'>>()
    expectTypeOf<ReturnType<ExchangeClient['spotOrderPlace']>>().resolves.toEqualTypeOf<SpotOrderCreate>()
    expectTypeOf<ReturnType<ExchangeClient['spotOrderQuery']>>().resolves.toHaveProperty('avgPrice')
    compileOnly(async (client) => {
      await client.spotOrderPlace(order)
      await client.call('spot.order.place', order, { priority: 'user' })
      await client.spotAccount() // no required parameter: the argument may be left out
      // @ts-expect-error an id the catalog does not have
      await client.call('spot.order.plac', order)
      // @ts-expect-error a method no catalog id names
      await client.spotOrderPlac(order)
      // @ts-expect-error a parameter name the entry does not have
      await client.spotOrderPlace({ ...order, pricee: '1' })
      // @ts-expect-error a required parameter left out
      await client.spotOrderPlace({ symbol: 'btcusdt', side: 'BUY', type: 'MARKET' })
      // @ts-expect-error a decimal as a JS number (binary floating point): decimals travel as text
      await client.spotOrderPlace({ ...order, volume: 0.1 })
      // @ts-expect-error an enum value the entry does not list
      await client.spotOrderPlace({ ...order, side: 'BUYY' })
      // @ts-expect-error an integer code the entry does not list
      await client.futuresLeverageEdit({ contractName: 'E-BTC-USDT', leverageLevel: 10, positionType: 3 })
      // @ts-expect-error an id as a number: ids are strings end to end
      await client.spotOrderCancel({ symbol: 'btcusdt', orderId: 42 })
      // @ts-expect-error a required parameter of a method whose entry has one
      await client.spotDepth()
      const placed = await client.spotOrderPlace(order)
      // @ts-expect-error a response field the wire type does not have
      return placed.orderIdd
    })
  })

  it("types the exchange's handlers by id: validated parameters in, the wire type out", () => {
    expectTypeOf<AnswerOf<'spot.time'>>().toEqualTypeOf<{
      timezone: string | JsonNumber
      serverTime: number | JsonNumber
    }>()
    expectTypeOf<RequestOf<'futures.leverage.edit'>['params']['leverageLevel']>().toEqualTypeOf<number>()
    expectTypeOf<ResponseOf<'futures.index'>>().toEqualTypeOf<FuturesIndex>()

    const time: EndpointHandler<'spot.time'> = (r) => ({ timezone: 'UTC', serverTime: r.now })
    // @ts-expect-error a handler answering a field name the wire type does not have
    const misnamed: EndpointHandler<'spot.time'> = (r) => ({ timezone: 'UTC', serverTim: r.now })
    const index: EndpointHandler<'futures.index'> = (r) => ({
      contractName: r.params.contractName,
      indexPrice: new JsonNumber('65000.1'),
      markPrice: new JsonNumber('65000.2'),
      lastFundingRate: new JsonNumber('0.0001'),
      time: r.now
    })
    const textIndex: EndpointHandler<'futures.index'> = (r) => ({
      contractName: r.params.contractName,
      indexPrice: new JsonNumber('65000.1'),
      // @ts-expect-error a futures decimal (a JSON number on the wire) answered as text
      markPrice: '65000.2',
      lastFundingRate: new JsonNumber('0.0001'),
      time: r.now
    })
    // @ts-expect-error a parameter the entry does not have, read by a handler
    const unknownParam: EndpointHandler<'spot.ticker'> = (r) => ({ ...ticker, last: r.params.symbl })
    const parts = handlersOf({ 'spot.time': time, 'futures.index': index })
    // @ts-expect-error a handler under an id the catalog does not have
    handlersOf({ 'spot.tim': time })
    // @ts-expect-error the whole table with ids left out
    const partial: HandlerTable = parts
    expectTypeOf<keyof HandlerTable>().toEqualTypeOf<EndpointId>()
    void [misnamed, textIndex, unknownParam, partial]
  })
})

const ticker = { time: 0, high: '1', low: '1', last: '1', vol: '0', rose: '0' }

// The account panel (balances with USDT value, funds history filters, futures summary) and the transfer panel
// (RSA status, both directions, each result, refusals that name the rule).
import { afterEach, describe, expect, it, vi } from 'vitest'
import AccountPanel from '../../../src-renderer/src/panels/AccountPanel.vue'
import TransferPanel from '../../../src-renderer/src/panels/TransferPanel.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { flushPromises } from '@vue/test-utils'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { refuse } from './fake-client'
import { click, mountPanel, type } from './setup'

describe('AccountPanel', () => {
  it('shows spot balances free, locked and valued in USDT', async () => {
    const { wrapper, account } = await mountPanel(
      AccountPanel,
      {},
      { 'account.deposits': () => [], 'account.withdrawals': () => [] }
    )
    await account({
      balances: [
        { asset: 'USDT', free: '99350', locked: '650.5' },
        { asset: 'BTC', free: '9.99', locked: '0.01' }
      ]
    })
    const btc = wrapper.get('[data-testid="balances"] tr[data-asset="BTC"]')
    // each coin at its sensible decimals (stablecoins 2, others 8), rounded down; the exact amount kept on the cell
    expect(btc.get('[data-testid="balance-free"]').text()).toBe('9.99000000')
    expect(btc.get('[data-testid="balance-locked"]').text()).toBe('0.01000000')
    const usdt = wrapper.get('[data-testid="balances"] tr[data-asset="USDT"]')
    expect(usdt.get('[data-testid="balance-free"]').text()).toBe('99,350.00')
    expect(usdt.get('[data-testid="balance-locked"]').text()).toBe('650.50')
    expect(btc.text()).toContain('650,000.00') // 10 BTC at 65 000
    expect(wrapper.get('[data-testid="balances-total"]').text()).toBe('750,000.50')
    await account({ balances: [{ asset: 'USDT', free: '99349.99999999', locked: '650.50000001' }] })
    const again = wrapper.get('[data-testid="balances"] tr[data-asset="USDT"]')
    expect(again.get('[data-testid="balance-free"]').text()).toBe('99,349.99') // never shown as more than there is
    expect(again.get('[data-testid="balance-locked"]').attributes('data-exact')).toBe('650.50000001')
  })

  it('searches deposits and withdrawals with the filters', async () => {
    const dep = {
      asset: 'USDT',
      amount: '100',
      address: 'addr',
      txid: 'tx1',
      status: 1,
      statusText: 'COMPLETED',
      time: 1
    }
    const { wrapper, fake } = await mountPanel(
      AccountPanel,
      {},
      { 'account.deposits': () => [dep], 'account.withdrawals': () => [] }
    )
    await click(wrapper, 'account-tab-funds')
    await type(wrapper, 'funds-asset', 'usdt')
    await wrapper.get('[data-testid="funds-status"]').setValue('1')
    await click(wrapper, 'funds-load')
    expect(fake.inputs('account.deposits').at(-1)).toEqual({ asset: 'USDT', status: 1, limit: 200 })
    expect(wrapper.get('[data-testid="funds-history"]').text()).toContain('Completed')
    await click(wrapper, 'funds-withdrawals')
    expect(fake.inputs('account.withdrawals')).toHaveLength(1)
  })

  it('summarizes the futures account', async () => {
    const { wrapper } = await mountPanel(AccountPanel, {}, { 'account.deposits': () => [] })
    await click(wrapper, 'account-tab-futures')
    expect(wrapper.get('[data-testid="futures-account"]').text()).toContain('10,000.00')
  })
})

describe('TransferPanel', () => {
  const wallet = [{ coinSymbol: 'USDT', balance: '10000', available: '10000', locked: '0' }]
  const rsa = { hasRsaKey: true, canTransfer: true, reason: null }

  it('transfers both ways and keeps the result of each', async () => {
    let n = 0
    const { wrapper, fake } = await mountPanel(
      TransferPanel,
      {},
      {
        'transfer.rsaStatus': () => rsa,
        'transfer.futuresBalance': () => wallet,
        'transfer.submit': (i) =>
          i.amount === '7'
            ? refuse({ code: 'exchange', message: 'Insufficient balance', exchange: { code: -2017 } })
            : { transferId: String(++n) }
      }
    )
    expect(wrapper.get('[data-testid="transfer-rsa"]').text()).toBe('RSA key set')
    expect(wrapper.get('[data-testid="transfer-available"]').text()).toBe('100,000 USDT')
    await type(wrapper, 'transfer-amount', '123.45')
    await click(wrapper, 'transfer-submit')
    await click(wrapper, 'transfer-swap')
    expect(wrapper.get('[data-testid="transfer-available"]').text()).toBe('10,000 USDT')
    await type(wrapper, 'transfer-amount', '23.45')
    await click(wrapper, 'transfer-submit')
    await type(wrapper, 'transfer-amount', '7')
    await click(wrapper, 'transfer-submit')
    expect(fake.inputs('transfer.submit')).toEqual([
      { direction: 'spot-to-futures', coin: 'USDT', amount: '123.45' },
      { direction: 'futures-to-spot', coin: 'USDT', amount: '23.45' },
      { direction: 'futures-to-spot', coin: 'USDT', amount: '7' }
    ])
    const results = wrapper.findAll('[data-testid="transfer-result"]').map((r) => r.text())
    expect(results[0]).toContain('Futures → Spot 7 USDT: failed · Insufficient balance (venue code -2017)')
    expect(results[1]).toContain('Futures → Spot 23.45 USDT: done · transfer 2')
    expect(results[2]).toContain('Spot → Futures 123.45 USDT: done · transfer 1')
  })

  it('forgets an amount typed for one account when the profile switches; a refused amount cannot be sent', async () => {
    const { wrapper, fake } = await mountPanel(
      TransferPanel,
      {},
      { 'transfer.rsaStatus': () => rsa, 'transfer.futuresBalance': () => wallet }
    )
    useProfilesStore().activeId = 'paper'
    await flushPromises()
    await type(wrapper, 'transfer-amount', '-5')
    expect(wrapper.get('[data-testid="transfer-submit"]').attributes('disabled')).toBeDefined()
    await type(wrapper, 'transfer-amount', '55.5')
    expect(wrapper.get('[data-testid="transfer-submit"]').attributes('disabled')).toBeUndefined()
    useProfilesStore().activeId = 'remote' // as profiles.onChange would
    await flushPromises()
    expect((wrapper.get('[data-testid="transfer-amount"]').element as HTMLInputElement).value).toBe('')
    await click(wrapper, 'transfer-submit')
    expect(fake.inputs('transfer.submit')).toEqual([])
  })

  it('says a transfer with no id was confirmed from the exchange records', async () => {
    // After an unknown outcome main may find the transfer in the capital flow, which carries no transfer id.
    const { wrapper } = await mountPanel(
      TransferPanel,
      {},
      {
        'transfer.rsaStatus': () => rsa,
        'transfer.futuresBalance': () => wallet,
        'transfer.submit': () => ({ transferId: '' })
      }
    )
    await type(wrapper, 'transfer-amount', '5')
    await click(wrapper, 'transfer-submit')
    expect(wrapper.get('[data-testid="transfer-result"]').text()).toContain(
      'Spot → Futures 5 USDT: done · transfer confirmed from the exchange records'
    )
  })

  it('refuses more than the source wallet holds, naming the rule', async () => {
    const { wrapper, fake } = await mountPanel(
      TransferPanel,
      {},
      { 'transfer.rsaStatus': () => rsa, 'transfer.futuresBalance': () => wallet }
    )
    await click(wrapper, 'transfer-swap')
    await type(wrapper, 'transfer-amount', '10000.01')
    await click(wrapper, 'transfer-submit')
    expect(wrapper.get('[data-testid="transfer-refusal"]').text()).toBe(
      '10000.01 USDT is more than the 10000 USDT available'
    )
    expect(fake.inputs('transfer.submit')).toEqual([])
  })

  it('says why it cannot transfer without an RSA key', async () => {
    const { wrapper, fake } = await mountPanel(
      TransferPanel,
      {},
      {
        'transfer.rsaStatus': () => ({
          hasRsaKey: false,
          canTransfer: false,
          reason: 'transfers are RSA-signed: add an RSA private key to this profile'
        })
      }
    )
    await vi.waitFor(() => expect(wrapper.get('[data-testid="transfer-rsa"]').text()).toBe('No RSA key'), {
      timeout: 5000
    })
    expect(wrapper.text()).toContain('add an RSA private key')
    expect(wrapper.get('[data-testid="transfer-submit"]').attributes('disabled')).toBeDefined()
    expect(fake.inputs('transfer.futuresBalance')).toEqual([])
    // The wallet it cannot read is said to be unread, never shown as an empty wallet.
    expect(wrapper.get('[data-testid="futures-wallet-unread"]').text()).toContain('only with an RSA key')
    expect(wrapper.find('[data-testid="futures-wallet-empty"]').exists()).toBe(false)
  })

  it('says an empty futures wallet is empty once it was read', async () => {
    const { wrapper } = await mountPanel(
      TransferPanel,
      {},
      {
        'transfer.rsaStatus': () => ({ hasRsaKey: true, canTransfer: true, reason: null }),
        'transfer.futuresBalance': () => []
      }
    )
    await vi.waitFor(() => expect(wrapper.find('[data-testid="futures-wallet-empty"]').exists()).toBe(true))
    expect(wrapper.get('[data-testid="futures-wallet-empty"]').text()).toBe('No coins in the futures wallet')
    expect(wrapper.find('[data-testid="futures-wallet-unread"]').exists()).toBe(false)
  })
})

describe('AccountPanel and TransferPanel in Chinese', () => {
  afterEach(() => setLocale('en'))
  const headers = (w: Awaited<ReturnType<typeof mountPanel>>['wrapper'], table: string) =>
    w.findAll(`[data-testid="${table}"] thead th`).map((h) => h.text())

  it('tells the balances, the funds history with its statuses and an empty search in Simplified Chinese', async () => {
    setLocale('zh-CN')
    const dep = {
      asset: 'USDT',
      amount: '100',
      address: 'addr',
      txid: 'tx1',
      status: 1,
      statusText: 'COMPLETED',
      time: 1
    }
    const { wrapper, account } = await mountPanel(
      AccountPanel,
      {},
      { 'account.deposits': () => [dep], 'account.withdrawals': () => [] }
    )
    await account({ balances: [{ asset: 'USDT', free: '100', locked: '0' }] })
    expect(['balances', 'futures', 'funds'].map((t) => wrapper.get(`[data-testid="account-tab-${t}"]`).text())).toEqual(
      ['资产', '合约账户', '充值与提现']
    )
    expect(headers(wrapper, 'balances')).toEqual(['币种', '可用', '冻结', '总额', '估值 (USDT)'])
    expect(wrapper.text()).toContain('隐藏 < 1 USDT')
    await click(wrapper, 'account-tab-funds')
    expect(headers(wrapper, 'funds-history')).toEqual(['时间', '币种', '数量（币）', '状态', '地址', '交易哈希'])
    expect(wrapper.get('[data-testid="funds-history"] tbody').text()).toContain('已完成')
    expect(wrapper.findAll('[data-testid="funds-status"] option').map((o) => o.text())).toEqual([
      '全部状态',
      '待确认',
      '已完成',
      '异常'
    ])
    expect(wrapper.get('[data-testid="funds-load"]').text()).toBe('查询')
    await click(wrapper, 'funds-withdrawals')
    expect(wrapper.get('[data-testid="funds-history"]').text()).toContain('没有符合条件的提现记录')
    await click(wrapper, 'account-tab-futures')
    expect(headers(wrapper, 'futures-account')).toContain('保证金率')
  })

  it('tells the transfer form, a refusal and each result in Simplified Chinese, and the wallets in Traditional', async () => {
    setLocale('zh-CN')
    const { wrapper } = await mountPanel(
      TransferPanel,
      {},
      {
        'transfer.rsaStatus': () => ({ hasRsaKey: true, canTransfer: true, reason: null }),
        'transfer.futuresBalance': () => [{ coinSymbol: 'USDT', balance: '10000', available: '10000', locked: '0' }],
        'transfer.submit': () => ({ transferId: '7' })
      }
    )
    expect(wrapper.get('[data-testid="transfer-rsa"]').text()).toBe('已设置 RSA 密钥')
    expect(wrapper.get('[data-testid="transfer-from"]').text()).toBe('现货')
    expect(wrapper.get('[data-testid="transfer-submit"]').text()).toBe('划转到合约')
    expect(headers(wrapper, 'futures-wallet')).toEqual(['合约钱包', '余额', '可用', '冻结'])
    await click(wrapper, 'transfer-swap')
    await type(wrapper, 'transfer-amount', '10000.01')
    await click(wrapper, 'transfer-submit')
    expect(wrapper.get('[data-testid="transfer-refusal"]').text()).toBe('10000.01 USDT 超过可用的 10000 USDT')
    await type(wrapper, 'transfer-amount', '-1')
    expect(wrapper.get('[data-testid="transfer-refusal"]').text()).toContain('数量')
    await type(wrapper, 'transfer-amount', '5')
    await click(wrapper, 'transfer-submit')
    expect(wrapper.get('[data-testid="transfer-result"]').text()).toContain('合约 → 现货 5 USDT：成功 · 划转 7')
    setLocale('zh-TW')
    await flushPromises()
    // The result line follows the language too, the venue's id with it.
    expect(wrapper.get('[data-testid="transfer-result"]').text()).toContain('合約 → 現貨 5 USDT：成功 · 劃轉 7')
    expect(wrapper.get('[data-testid="transfer-from"]').text()).toBe('合約')
    expect(wrapper.get('[data-testid="transfer-submit"]').text()).toBe('劃轉到現貨')
  })
})

// Settings › Profiles and the profile switcher: add a remote profile with keys (sent once, cleared at once, shown
// only masked), edit, set and delete keys, remove, switch; the other settings sections apply at once.
import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { ContractError } from '@shared/ipc/contract-kit'
import type { ProfileView } from '@shared/ipc/views/profiles'
import ProfileSwitcher from '../../../src-renderer/src/components/ProfileSwitcher.vue'
import ProfilesSettings from '../../../src-renderer/src/components/settings/ProfilesSettings.vue'
import SettingsPanel from '../../../src-renderer/src/panels/SettingsPanel.vue'
import { followLanguage, locale, setLocale } from '../../../src-renderer/src/i18n'
import { useAppStore } from '../../../src-renderer/src/stores/app'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { fakeTerminal, type FakeTerminal } from './fake-terminal'
import { PAPER, profilesView, REMOTE } from './fixtures'

const KEY = 'AKdomtest1234WXYZ'
const SECRET = 'dom-secret-value-77'
let fake: FakeTerminal
let list: ProfileView[]
/** What the fake keychain holds, masked (secretStatus and add agree, as main's do). */
let masked: Record<string, string>
/** Where main says each profile's keys are kept (the paper profile without a keychain: 'session'). */
let keptIn: Record<string, 'keychain' | 'session'>

beforeEach(() => {
  localStorage.clear()
  setActivePinia(createPinia())
  list = [PAPER]
  masked = { [PAPER.id]: 'pApE…r123' }
  keptIn = {}
  fake = fakeTerminal({
    'profiles.secretStatus': (i) =>
      masked[i.profileId]
        ? {
            hasKeys: true,
            apiKeyMasked: masked[i.profileId]!,
            hasRsaKey: i.profileId === PAPER.id,
            keptIn: keptIn[i.profileId] ?? 'keychain'
          }
        : { hasKeys: false, apiKeyMasked: null, hasRsaKey: false, keptIn: null },
    'profiles.add': (i) => {
      const profile = {
        ...REMOTE,
        name: i.name,
        baseUrl: i.baseUrl,
        wsSpotUrl: i.wsSpotUrl,
        wsFuturesUrl: i.wsFuturesUrl
      }
      list = [...list, profile]
      if (i.secrets) masked[profile.id] = 'AKdo…WXYZ'
      queueMicrotask(() => fake.emit('profiles.onChange', profilesView(list)))
      return {
        profile,
        secretStatus: {
          hasKeys: !!i.secrets,
          apiKeyMasked: i.secrets ? 'AKdo…WXYZ' : null,
          hasRsaKey: false,
          keptIn: i.secrets ? 'keychain' : null
        }
      }
    }
  })
  useProfilesStore().start()
  fake.emit('profiles.onChange', profilesView(list))
})

const input = (w: VueWrapper, id: string) => w.get(`[data-testid="${id}"]`)
async function fillRemote(w: VueWrapper) {
  await input(w, 'profile-name').setValue(' Venue X ')
  await input(w, 'profile-base-url').setValue('https://api.x.test')
  await input(w, 'profile-ws-spot').setValue('wss://ws.x.test/spot')
  await input(w, 'profile-ws-futures').setValue('wss://ws.x.test/futures')
}

describe('ProfilesSettings', () => {
  it('adds a remote profile with keys: sent once, cleared at once, shown only masked', async () => {
    const w = mount(ProfilesSettings, { props: { startAdding: true } })
    await flushPromises()
    await fillRemote(w)
    await input(w, 'profile-api-key').setValue(KEY)
    await input(w, 'profile-api-secret').setValue(SECRET)
    expect(input(w, 'profile-api-secret').attributes('type')).toBe('password')
    await w.get('form').trigger('submit')
    await flushPromises()
    expect(fake.inputs('profiles.add')).toEqual([
      {
        name: 'Venue X',
        baseUrl: 'https://api.x.test',
        wsSpotUrl: 'wss://ws.x.test/spot',
        wsFuturesUrl: 'wss://ws.x.test/futures',
        secrets: { apiKey: KEY, apiSecret: SECRET, rsaPrivateKey: null }
      }
    ])
    expect(w.find('[data-testid="profile-add-form"]').exists()).toBe(false)
    const card = w.get('[data-testid="profile-card-remote"]')
    expect(card.get('[data-testid="profile-key-masked"]').text()).toBe('AKdo…WXYZ')
    expect(w.html()).not.toContain(KEY)
    expect(w.html()).not.toContain(SECRET)
    // Nor in any store.
    expect(JSON.stringify(useProfilesStore().$state)).not.toContain(SECRET)
    expect(useFeedbackStore().toasts[0]).toMatchObject({
      kind: 'success',
      title: 'Profile added',
      text: 'Venue X: keys stored in the OS keychain'
    })
  })

  it('says where each profile’s keys are: the OS keychain, or held for this session only when main has no keychain', async () => {
    list = [PAPER, REMOTE]
    masked[REMOTE.id] = 'AKdo…WXYZ'
    keptIn[PAPER.id] = 'session'
    fake.emit('profiles.onChange', profilesView(list))
    const w = mount(ProfilesSettings)
    await flushPromises()
    const paper = w.get('[data-testid="profile-card-embedded"] [data-testid="profile-key-status"]').text()
    expect(paper).toContain('held for this session only (no keychain)')
    expect(paper).not.toContain('OS keychain')
    expect(w.get('[data-testid="profile-card-remote"] [data-testid="profile-key-kept"]').text()).toBe(
      'in the OS keychain'
    )
  })

  it('checks the fields before sending anything', async () => {
    const w = mount(ProfilesSettings, { props: { startAdding: true } })
    await input(w, 'profile-name').setValue('X')
    await input(w, 'profile-base-url').setValue('api.x.test')
    await input(w, 'profile-api-key').setValue(KEY)
    await w.get('form').trigger('submit')
    expect(fake.inputs('profiles.add')).toEqual([])
    expect(w.text()).toContain('REST base URL must be an absolute http(s) URL')
    expect(w.text()).toContain('API secret is required with keys')
  })

  it('speaks the chosen language: the list, its buttons and tooltips, the form and its checks', async () => {
    list = [PAPER, REMOTE]
    fake.emit('profiles.onChange', profilesView(list))
    const w = mount(ProfilesSettings)
    await flushPromises()
    try {
      setLocale('zh-CN')
      await flushPromises()
      expect(w.get('[data-testid="profile-add-open"]').text()).toBe('添加远程配置')
      expect(w.get('[data-testid="profile-card-remote"] [data-testid="profile-edit"]').attributes('title')).toBe(
        '编辑名称和地址'
      )
      expect(w.get('[data-testid="profile-card-embedded"]').text()).toContain('模拟')
      expect(w.get('[data-testid="profile-card-remote"] [data-testid="profile-key-status"]').text()).toContain(
        '无 API 密钥：仅显示行情数据。'
      )
      await w.get('[data-testid="profile-add-open"]').trigger('click')
      const form = w.get('[data-testid="profile-add-form"]')
      expect(form.get('h3').text()).toBe('添加远程交易所')
      await input(w, 'profile-base-url').setValue('api.x.test')
      await form.trigger('submit')
      expect(form.text()).toContain('名称为必填项')
      expect(form.text()).toContain('REST 基础地址必须是完整的 http(s) 地址')
      expect(w.get('[data-testid="profile-save"]').text()).toBe('添加配置')
      setLocale('zh-TW')
      await flushPromises()
      expect(w.get('[data-testid="profile-save"]').text()).toBe('新增設定檔')
      expect(form.get('h3').text()).toBe('新增遠端交易所')
    } finally {
      setLocale('en')
    }
  })

  it('shows main’s refusal at its field, and does not keep refused keys', async () => {
    fake.handlers['profiles.add'] = () => {
      throw new ContractError({
        code: 'invalid-input',
        message: 'apiKey must be printable ASCII without spaces',
        field: 'apiKey'
      })
    }
    const w = mount(ProfilesSettings, { props: { startAdding: true } })
    await fillRemote(w)
    await input(w, 'profile-api-key').setValue(KEY)
    await input(w, 'profile-api-secret').setValue(SECRET)
    await w.get('form').trigger('submit')
    await flushPromises()
    expect(w.text()).toContain('API key must be printable ASCII without spaces')
    expect((input(w, 'profile-api-key').element as HTMLInputElement).value).toBe('')
    expect((input(w, 'profile-api-secret').element as HTMLInputElement).value).toBe('')
    expect((input(w, 'profile-base-url').element as HTMLInputElement).value).toBe('https://api.x.test')
    expect(useFeedbackStore().toasts[0]).toMatchObject({ kind: 'error', code: 'invalid-input apiKey' })
  })

  it('renames the paper profile (its addresses are the app’s), and edits a remote one', async () => {
    list = [PAPER, REMOTE]
    fake.emit('profiles.onChange', profilesView(list))
    fake.handlers['profiles.update'] = (i) =>
      ({ ...(i.profileId === PAPER.id ? PAPER : REMOTE), ...i.patch }) as ProfileView
    const w = mount(ProfilesSettings)
    await flushPromises()
    await w.get('[data-testid="profile-card-embedded"] [data-testid="profile-edit"]').trigger('click')
    expect(w.find('[data-testid="profile-base-url"]').exists()).toBe(false)
    await input(w, 'profile-name').setValue('Paper desk')
    await w.get('[data-testid="profile-edit-form"]').trigger('submit')
    await flushPromises()
    await w.get('[data-testid="profile-card-remote"] [data-testid="profile-edit"]').trigger('click')
    await input(w, 'profile-ws-spot').setValue('wss://ws2.x.test/spot')
    await w.get('[data-testid="profile-edit-form"]').trigger('submit')
    await flushPromises()
    expect(fake.inputs('profiles.update')).toEqual([
      { profileId: PAPER.id, patch: { name: 'Paper desk' } },
      {
        profileId: REMOTE.id,
        patch: {
          name: 'Venue X',
          baseUrl: 'https://api.x.test',
          wsSpotUrl: 'wss://ws2.x.test/spot',
          wsFuturesUrl: 'wss://ws.x.test/futures'
        }
      }
    ])
  })

  it('stores, then deletes the keys of a profile', async () => {
    list = [PAPER, REMOTE]
    fake.emit('profiles.onChange', profilesView(list))
    fake.handlers['profiles.setSecrets'] = () => ({
      hasKeys: true,
      apiKeyMasked: 'AKdo…WXYZ',
      hasRsaKey: false,
      keptIn: 'keychain'
    })
    fake.handlers['profiles.deleteSecrets'] = () => ({
      hasKeys: false,
      apiKeyMasked: null,
      hasRsaKey: false,
      keptIn: null
    })
    const w = mount(ProfilesSettings)
    await flushPromises()
    expect(w.get('[data-testid="profile-card-remote"]').text()).toContain('No API keys')
    await w.get('[data-testid="profile-card-remote"] [data-testid="profile-keys"]').trigger('click')
    await input(w, 'profile-api-key').setValue(KEY)
    await input(w, 'profile-api-secret').setValue(SECRET)
    await w.get('[data-testid="keys-form"]').trigger('submit')
    await flushPromises()
    expect(fake.inputs('profiles.setSecrets')).toEqual([
      { profileId: REMOTE.id, apiKey: KEY, apiSecret: SECRET, rsaPrivateKey: null }
    ])
    expect(w.get('[data-testid="profile-card-remote"] [data-testid="profile-key-masked"]').text()).toBe('AKdo…WXYZ')
    expect(useFeedbackStore().toasts[0]).toMatchObject({ kind: 'success', title: 'Keys stored in the OS keychain' })
    expect(w.html()).not.toContain(SECRET)
    await w.get('[data-testid="profile-card-remote"] [data-testid="profile-keys"]').trigger('click')
    await w.get('[data-testid="keys-form"] .btn.danger').trigger('click')
    await w.get('[data-testid="keys-form"] .confirm .btn.danger').trigger('click')
    await flushPromises()
    expect(fake.inputs('profiles.deleteSecrets')).toEqual([{ profileId: REMOTE.id }])
    expect(w.get('[data-testid="profile-card-remote"]').text()).toContain('No API keys')
  })

  it('removes a remote profile after asking', async () => {
    list = [PAPER, REMOTE]
    fake.emit('profiles.onChange', profilesView(list))
    fake.handlers['profiles.remove'] = () => ({ ok: true })
    const w = mount(ProfilesSettings)
    await flushPromises()
    expect(w.find('[data-testid="profile-card-embedded"] [data-testid="profile-remove"]').exists()).toBe(false)
    await w.get('[data-testid="profile-remove"]').trigger('click')
    expect(fake.inputs('profiles.remove')).toEqual([])
    await w.get('[data-testid="profile-remove-confirm"]').trigger('click')
    await flushPromises()
    expect(fake.inputs('profiles.remove')).toEqual([{ profileId: REMOTE.id }])
  })
})

describe('ProfileSwitcher', () => {
  it('shows the active profile and switches to another', async () => {
    list = [PAPER, REMOTE]
    fake.emit('profiles.onChange', profilesView(list))
    fake.handlers['profiles.setActive'] = () => ({ ok: true })
    const w = mount(ProfileSwitcher, { attachTo: document.body })
    await flushPromises()
    expect(w.get('[data-testid="profile-switcher"]').text()).toContain('Paper')
    await w.get('[data-testid="profile-switcher"]').trigger('click')
    expect(w.get('[data-testid="profile-menu"]').text()).toContain('Key pApE…r123')
    expect(w.get('[data-testid="profile-menu"]').text()).toContain('No API keys')
    await w.get('[data-testid="profile-option-remote"]').trigger('click')
    await flushPromises()
    expect(fake.inputs('profiles.setActive')).toEqual([{ profileId: REMOTE.id }])
    expect(w.get('[data-testid="profile-switcher"]').text()).toContain('Venue X')
    w.unmount()
  })

  it('opens settings to add a profile', async () => {
    const w = mount(ProfileSwitcher, { attachTo: document.body })
    await w.get('[data-testid="profile-switcher"]').trigger('click')
    await w.get('[data-testid="profile-add"]').trigger('click')
    expect(useAppStore().settings).toEqual({ tab: 'profiles', addProfile: true })
    w.unmount()
  })
})

describe('SettingsPanel', () => {
  it('applies theme, confirmation and notification choices at once, and main keeps them', async () => {
    useAppStore().openSettings('appearance')
    const w = mount(SettingsPanel)
    await w.get('[data-testid="theme-light"]').trigger('click')
    expect(usePreferencesStore().theme).toBe('light')
    await w.get('[data-testid="settings-tab-trading"]').trigger('click')
    await w.get('[data-testid="pref-confirm-orders"]').setValue(false)
    expect(usePreferencesStore().confirmOrders).toBe(false)
    await w.get('[data-testid="settings-tab-notifications"]').trigger('click')
    await w.get('[data-testid="pref-notify-fills"]').setValue(false)
    expect(useFeedbackStore().notifyFills).toBe(false)
    await flushPromises()
    expect(fake.prefs.view().app).toMatchObject({ theme: 'light', confirmOrders: false, notifyFills: false })
    await w.get('[data-testid="settings-close"]').trigger('click')
    expect(useAppStore().settings).toBeNull()
  })

  it('switches the language live, without a reload, and main keeps it', async () => {
    const prefs = usePreferencesStore()
    const stop = followLanguage(() => prefs.language)
    try {
      expect(prefs.language).toBe('auto')
      expect(locale()).toBe('en') // happy-dom's navigator.languages is English
      useAppStore().openSettings('appearance')
      const w = mount(SettingsPanel)
      expect(w.get('h2').text()).toBe('Settings')
      await w.get('[data-testid="pref-language"]').setValue('zh-CN')
      expect(w.get('h2').text()).toBe('设置')
      expect(w.get('[data-testid="settings-tab-trading"]').text()).toBe('交易')
      expect(document.documentElement.lang).toBe('zh-CN')
      await w.get('[data-testid="pref-language"]').setValue('zh-TW')
      expect(w.get('h2').text()).toBe('設定')
      await flushPromises()
      expect(fake.prefs.view().app.language).toBe('zh-TW')
      await w.get('[data-testid="pref-language"]').setValue('auto')
      expect(w.get('h2').text()).toBe('Settings')
      w.unmount()
    } finally {
      stop()
      setLocale('en')
    }
  })
})

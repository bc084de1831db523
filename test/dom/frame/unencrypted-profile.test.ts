// A remote profile over plain http/ws to another machine: the form refuses it at the field with the rule in words
// and sends nothing, unless the "unencrypted connection" override is ticked (then sent with the profile); loopback
// needs no override; main's refusal is shown at its field; a profile with the override is marked UNENCRYPTED on the
// profile tag, the switcher (button and menu) and its settings card, and only that profile.
import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { ContractError } from '@shared/ipc/contract-kit'
import type { ProfileView } from '@shared/ipc/views/profiles'
import ProfileSwitcher from '../../../src-renderer/src/components/ProfileSwitcher.vue'
import ProfileTag from '../../../src-renderer/src/components/ProfileTag.vue'
import ProfilesSettings from '../../../src-renderer/src/components/settings/ProfilesSettings.vue'
import { validateProfile } from '../../../src-renderer/src/components/settings/profile-validation'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { fakeTerminal, type FakeTerminal } from './fake-terminal'
import { PAPER, profilesView, REMOTE } from './fixtures'

const LAN: ProfileView = {
  ...REMOTE,
  id: '33333333-3333-4333-8333-333333333333',
  name: 'LAN box',
  baseUrl: 'http://192.0.2.10:8080',
  wsSpotUrl: 'ws://192.0.2.10:8080/spot',
  wsFuturesUrl: 'ws://192.0.2.10:8080/futures',
  allowUnencrypted: true
}
let fake: FakeTerminal

beforeEach(() => {
  setActivePinia(createPinia())
  fake = fakeTerminal({
    'profiles.secretStatus': () => ({ hasKeys: false, apiKeyMasked: null, hasRsaKey: false, keptIn: null }),
    'profiles.add': (i) => ({
      profile: { ...REMOTE, ...i, allowUnencrypted: i.allowUnencrypted ?? false },
      secretStatus: { hasKeys: false, apiKeyMasked: null, hasRsaKey: false, keptIn: null }
    })
  })
  useProfilesStore().start()
  fake.emit('profiles.onChange', profilesView([PAPER]))
})

const input = (w: VueWrapper, id: string) => w.get(`[data-testid="${id}"]`)
async function fill(w: VueWrapper, base: string, spot: string, futures: string): Promise<void> {
  await input(w, 'profile-name').setValue('LAN box')
  await input(w, 'profile-base-url').setValue(base)
  await input(w, 'profile-ws-spot').setValue(spot)
  await input(w, 'profile-ws-futures').setValue(futures)
}

describe('the profile form and unencrypted connections', () => {
  it('refuses http/ws to another machine at each field, naming the rule, and sends nothing', async () => {
    const w = mount(ProfilesSettings, { props: { startAdding: true } })
    await fill(w, 'http://192.0.2.10:8080', 'ws://192.0.2.10:8080/spot', 'wss://ws.x.test/futures')
    await w.get('form').trigger('submit')
    await flushPromises()
    expect(fake.inputs('profiles.add')).toEqual([])
    expect(w.text()).toContain(
      'REST base URL http:// to 192.0.2.10 would be unencrypted: a remote exchange must be reached over https:// and wss:// unless it runs on this computer'
    )
    expect(w.text()).toContain('Spot WebSocket URL ws:// to 192.0.2.10 would be unencrypted')
    expect(w.text()).not.toContain('Futures WebSocket URL ws')
    expect(w.text()).toContain('tick "Allow an unencrypted connection"')
  })

  it('sends the profile with the override once it is ticked', async () => {
    const w = mount(ProfilesSettings, { props: { startAdding: true } })
    await fill(w, 'http://192.0.2.10:8080', 'ws://192.0.2.10:8080/spot', 'ws://192.0.2.10:8080/futures')
    await input(w, 'profile-allow-unencrypted').setValue(true)
    await w.get('form').trigger('submit')
    await flushPromises()
    expect(fake.inputs('profiles.add')).toEqual([
      {
        name: 'LAN box',
        baseUrl: 'http://192.0.2.10:8080',
        wsSpotUrl: 'ws://192.0.2.10:8080/spot',
        wsFuturesUrl: 'ws://192.0.2.10:8080/futures',
        allowUnencrypted: true
      }
    ])
  })

  it('needs no override on this computer (loopback)', async () => {
    expect(
      validateProfile({
        name: 'Local',
        baseUrl: 'http://127.0.0.1:9000',
        wsSpotUrl: 'ws://localhost:9000/spot',
        wsFuturesUrl: 'ws://[::1]:9000/futures'
      })
    ).toEqual({})
    const w = mount(ProfilesSettings, { props: { startAdding: true } })
    await fill(w, 'http://127.0.0.1:9000', 'ws://127.0.0.1:9000/spot', 'ws://localhost:9000/futures')
    await w.get('form').trigger('submit')
    await flushPromises()
    expect(fake.inputs('profiles.add')).toEqual([
      {
        name: 'LAN box',
        baseUrl: 'http://127.0.0.1:9000',
        wsSpotUrl: 'ws://127.0.0.1:9000/spot',
        wsFuturesUrl: 'ws://localhost:9000/futures'
      }
    ])
  })

  it("shows main's refusal of the rule at its field", async () => {
    fake.handlers['profiles.add'] = () => {
      throw new ContractError({
        code: 'invalid-input',
        message: 'baseUrl: http:// to 10.0.0.1 would be unencrypted: the rule',
        field: 'baseUrl'
      })
    }
    const w = mount(ProfilesSettings, { props: { startAdding: true } })
    await fill(w, 'https://api.x.test', 'wss://ws.x.test/spot', 'wss://ws.x.test/futures')
    await w.get('form').trigger('submit')
    await flushPromises()
    expect(w.text()).toContain('REST base URL http:// to 10.0.0.1 would be unencrypted: the rule')
  })

  it('takes the override back on an edit (sent only when changed)', async () => {
    const tls = {
      ...LAN,
      baseUrl: 'https://192.0.2.10',
      wsSpotUrl: 'wss://192.0.2.10/spot',
      wsFuturesUrl: 'wss://192.0.2.10/futures'
    }
    fake.emit('profiles.onChange', profilesView([PAPER, tls]))
    fake.handlers['profiles.update'] = (i) => ({ ...tls, ...i.patch }) as ProfileView
    const w = mount(ProfilesSettings)
    await flushPromises()
    await w.get('[data-testid="profile-card-remote"] [data-testid="profile-edit"]').trigger('click')
    expect((input(w, 'profile-allow-unencrypted').element as HTMLInputElement).checked).toBe(true)
    await input(w, 'profile-allow-unencrypted').setValue(false)
    await w.get('[data-testid="profile-edit-form"]').trigger('submit')
    await flushPromises()
    expect(fake.inputs('profiles.update')).toEqual([
      {
        profileId: tls.id,
        patch: {
          name: 'LAN box',
          baseUrl: tls.baseUrl,
          wsSpotUrl: tls.wsSpotUrl,
          wsFuturesUrl: tls.wsFuturesUrl,
          allowUnencrypted: false
        }
      }
    ])
  })
})

describe('the UNENCRYPTED badge', () => {
  it('marks the profile with the override on the tag, the switcher and its settings card, and no other', async () => {
    fake.emit('profiles.onChange', profilesView([PAPER, REMOTE, LAN], LAN.id))
    const tag = mount(ProfileTag)
    const switcher = mount(ProfileSwitcher, { attachTo: document.body })
    const settings = mount(ProfilesSettings)
    await flushPromises()
    expect(tag.get('[data-testid="profile-unencrypted"]').text()).toBe('Unencrypted')
    expect(switcher.get('[data-testid="profile-switcher"] [data-testid="profile-unencrypted"]').text()).toBe(
      'Unencrypted'
    )
    await switcher.get('[data-testid="profile-switcher"]').trigger('click')
    const menu = switcher.findAll('[role="menuitemradio"]')
    expect(menu.map((m) => m.find('[data-testid="profile-unencrypted"]').exists())).toEqual([false, false, true])
    const cards = settings.findAll('li.card')
    expect(cards.map((c) => c.find('[data-testid="profile-unencrypted"]').exists())).toEqual([false, false, true])

    // Another active profile: the tag and the switcher's button say nothing of it.
    fake.emit('profiles.onChange', profilesView([PAPER, REMOTE, LAN], REMOTE.id))
    await flushPromises()
    expect(tag.find('[data-testid="profile-unencrypted"]').exists()).toBe(false)
    expect(switcher.find('[data-testid="profile-switcher"] [data-testid="profile-unencrypted"]').exists()).toBe(false)
    switcher.unmount()
  })
})

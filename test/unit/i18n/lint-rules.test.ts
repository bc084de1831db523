// The lint rules that keep words for a person in the catalogs: a bare one in a translated file's template or script
// fails `npm run lint`; a catalog lookup, a class list or a developer's error passes.
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../../..')
const eslint = new ESLint({ cwd: ROOT })
// A path among the translated files (eslint.config.js TRANSLATED) that does not exist: linted as if it did.
const at = (ext: string) => join(ROOT, `src-renderer/src/i18n/lint-probe.${ext}`)
const rulesHit = async (text: string, ext: 'vue' | 'ts'): Promise<string[]> =>
  (await eslint.lintText(text, { filePath: at(ext) }))[0]!.messages.map((m) => m.ruleId ?? m.message)

describe('no bare words', () => {
  it('fails on raw text in a template', async () => {
    const vue = `<script setup lang="ts">\nimport { t } from './index'\n</script>\n<template><p>Order placed</p><p>{{ t('status.rest') }}</p></template>\n`
    expect(await rulesHit(vue, 'vue')).toContain('@intlify/vue-i18n/no-raw-text')
  })
  it('fails on words in a script string, passes catalog lookups, class lists and developer errors', async () => {
    expect(await rulesHit(`export const m = 'Not connected to the terminal'\n`, 'ts')).toContain('local/no-bare-words')
    expect(
      await rulesHit('export const m = (n: number) => `cannot tell whether order ${n} was canceled`\n', 'ts')
    ).toContain('local/no-bare-words')
    const fine = [
      "import { t } from './index'",
      "export const a = t('status.rest')",
      "export const b = 'btn small'",
      "export const c = (): never => { throw new Error('the bridge is not open yet') }",
      ''
    ].join('\n')
    expect(await rulesHit(fine, 'ts')).toEqual([])
  })
})

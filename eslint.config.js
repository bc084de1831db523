// Lint rules for the whole tree. Formatting is Prettier's (.prettierrc.json); this file keeps the checks that
// catch mistakes, plus the 120-column limit for what Prettier cannot wrap (comments).
import js from '@eslint/js'
import vueI18n from '@intlify/eslint-plugin-vue-i18n'
import prettier from 'eslint-config-prettier'
import vue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import noBareWords from './eslint-rules/no-bare-words.js'

// Files whose words all come from the message catalogs (issue 15 converts the rest, folder by folder): a bare
// string for a person there fails the lint, in the template and in the script.
const TRANSLATED = [
  'src-renderer/src/i18n/**',
  'src-renderer/src/components/StatusBar.vue',
  'src-renderer/src/panels/SettingsPanel.vue',
  'src-renderer/src/stores/status.ts'
]

export default tseslint.config(
  {
    ignores: ['out/', 'dist/', 'release/', 'coverage/', 'bench-results/', 'test-results/', 'node_modules/', '**/*.d.ts']
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } }
  },
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } }
  },
  prettier,
  {
    rules: {
      // An underscore marks a value left out on purpose (a destructured field dropped, an unused parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }
      ],
      // `interface X extends Y {}` merges generated methods into a class (the exchange client).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // One-word component names are this project's convention (Icon, Splitter, Workspace).
      'vue/multi-word-component-names': 'off',
      // Prettier wraps code at 120; strings, template literals, URLs and patterns are left whole on purpose.
      'max-len': [
        'error',
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true
        }
      ]
    }
  },
  {
    // In components the template counts too; an attribute's text (a tooltip, a message) is left whole like a string.
    files: ['**/*.vue'],
    rules: {
      'max-len': 'off',
      'vue/max-len': [
        'error',
        {
          code: 120,
          template: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
          ignoreHTMLAttributeValues: true,
          ignoreHTMLTextContents: true
        }
      ]
    }
  },
  {
    files: TRANSLATED,
    plugins: { '@intlify/vue-i18n': vueI18n, local: { rules: { 'no-bare-words': noBareWords } } },
    rules: {
      '@intlify/vue-i18n/no-raw-text': ['error', { ignorePattern: '^[\\s\\d.,:;·%×✕⇄‹›+\\-–—/()#]+$' }],
      'local/no-bare-words': 'error'
    }
  },
  {
    // Tests read wire bodies loosely on purpose; production code may not.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' }
  }
)

// The words of the contract's field rules. A schema names each rule through `rule` (a key of the `fields` catalog and
// its values): zod carries the rule's English as the issue's message, as before (main's log, tests, a window that
// does not know the key), and `issueWords` gives main the rule back as catalog words, so the window of a refused
// input tells it in the user's language. The English is filled here without the translator (the schemas are also
// read by the renderer): the `fields` rules use plain `{name}` only; a unit test checks it against the translator.
import type { z } from 'zod'
import type { ContractErrorBody } from '../contract-kit'
import type { WordParams, Words } from '../../i18n/words'
import { fields } from '../../i18n/en/fields'

export type FieldRule = keyof typeof fields.rule

/** Every rule's English, back to its words: filled as the schemas are built, so a bounded set. */
const WORDS = new Map<string, Words>()

/** The rule's English, remembered with its words. */
export function rule(name: FieldRule, params?: WordParams): string {
  const english = fields.rule[name].replace(/\{(\w+)\}/g, (_, p: string) => String(params?.[p] ?? `{${p}}`))
  if (!WORDS.has(english))
    WORDS.set(english, params ? { key: `fields.rule.${name}`, params } : { key: `fields.rule.${name}` })
  return english
}

/** The English of unknown fields (told in words by `issueWords`, from the issue's keys). */
export const unknownFields = (keys: readonly string[]): string => fields.unknown.replace('{fields}', keys.join(', '))

/** The words of a refused input's issue: its rule (with the field named) or the unknown fields; none for zod's own. */
export function issueWords(issue: z.core.$ZodIssue | undefined): Words | undefined {
  if (!issue) return undefined
  if (issue.code === 'unrecognized_keys') return { key: 'fields.unknown', params: { fields: issue.keys.join(', ') } }
  const broken = WORDS.get(issue.message)
  if (!broken) return undefined
  const field = issue.path.map(String).join('.')
  return field ? { key: 'fields.field', params: { ...broken.params, field, rule: broken.key } } : broken
}

/**
 * A refused input as main answers it: the first issue's field and English, prefixed with `what` when given
 * ("trading.setLeverage: invalid input field 'leverage': must be at least 1"), and its words when it has them.
 */
export function invalidInput(e: z.ZodError, what?: string): ContractErrorBody {
  const issue = e.issues[0]
  const field = issue?.path.map(String).join('.') ?? ''
  const named = [what, field && `field '${field}'`].filter(Boolean).join(' ')
  const body: ContractErrorBody = {
    code: 'invalid-input',
    message: `${named ? `${named}: ` : ''}${issue?.message ?? 'invalid'}`,
    field
  }
  const words = issueWords(issue)
  return words ? { ...body, words } : body
}

// Words that cross from main to the UI as a message key and its values, so each window tells them in its own
// language; main keeps the English text too (`message`), for its log and for a UI that does not know the key.

export type WordParams = Record<string, string | number>

export interface Words {
  /** A key of the catalogs (`main.noProfile`). */
  key: string
  params?: WordParams
}

// The shape every language's catalog must have: the English catalog's keys, each a string. A key missing from a
// translation, or one it has that English lacks, fails the typecheck (and test/unit/i18n/catalogs.test.ts).

export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> }

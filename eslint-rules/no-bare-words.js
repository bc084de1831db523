// A string in code that reads as words for a person ("Not connected", "cannot tell whether ...") must come from the
// message catalogs (`t('area.key')`), not be written in place. Words are: a capitalised word followed by another,
// or three words in a row. Not checked: imports, arguments of t() and of console/Error (for developers), keys and
// types. A real exception says why in an eslint-disable comment.
const WORDS = /(?:^|[\s(])[A-Z][a-z]+[,:]?\s+[a-z]{2,}|[A-Za-z]{2,}[,:]?\s+[A-Za-z]{2,}[,:]?\s+[A-Za-z]{2,}/

const calleeName = (node) =>
  node.type === 'Identifier' ? node.name : node.type === 'MemberExpression' ? calleeName(node.object) : ''

function exempt(node) {
  let child = node
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (p.type === 'ImportDeclaration' || (p.type === 'ExportNamedDeclaration' && p.source === child)) return true
    if (p.type === 'ExportAllDeclaration' || p.type === 'ImportExpression') return true
    if (p.type.startsWith('TS')) return true
    if (p.type === 'Property' && p.key === child) return true
    if (p.type === 'CallExpression' || p.type === 'NewExpression') {
      const name = calleeName(p.callee)
      return ['t', 'console', 'Error', 'TypeError', 'RangeError', 'require'].includes(name)
    }
  }
  return false
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'words for a person come from the message catalogs' },
    messages: { bare: 'Words for a person must come from the catalogs (t(...)): "{{text}}"' },
    schema: []
  },
  create(context) {
    const check = (node, text) => {
      if (WORDS.test(text) && !exempt(node))
        context.report({ node, messageId: 'bare', data: { text: text.slice(0, 60) } })
    }
    return {
      Literal: (node) => typeof node.value === 'string' && check(node, node.value),
      TemplateLiteral: (node) => check(node, node.quasis.map((q) => q.value.cooked ?? '').join(' '))
    }
  }
}

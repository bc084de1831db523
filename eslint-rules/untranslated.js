// Renderer files whose words are not in the catalogs yet (eslint.config.js): each leaves this list when it is
// converted; the list ends empty.
export default []

// Opens the browser host's contract socket while the app's bundle is still loading (an async script kept out of the
// bundle, so it runs as soon as it is in): the handshake and the host's hello are done by the time the app asks, and
// what arrives meanwhile is kept in order. The bridge (src/bridge/terminal-bridge.ts) takes the socket when its
// credential and address are the ones it would use, else closes it; once it has looked (the property is there, null
// or taken), this script does nothing. Electron's windows have window.terminal and no socket. The names, the
// credential's form and the token's pattern are the bridge's (a unit test pins them).
;(() => {
  if (window.terminal || '__earlyContractSocket' in window) return
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return
  const found = /(^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash)
  const session = sessionStorage.getItem('chtrader.session')
  const credential = found ? `token.${found[2]}` : session ? `session.${session}` : null
  if (!credential) return
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/contract`
  const early = {
    url,
    credential,
    socket: new WebSocket(url, ['chtrader.v1', credential]),
    messages: [],
    closed: false
  }
  early.socket.onmessage = (e) => early.messages.push(e)
  early.socket.onclose = () => (early.closed = true)
  window.__earlyContractSocket = early
})()

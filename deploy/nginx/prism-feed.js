// nginx's JavaScript module (njs) for the feed in deploy/nginx/prism.conf: the key its decisions
// are kept under. nginx writes each cache key into the cache file, so the key holds a SHA-256 of
// the Authorization header, never the header itself (a license key or a feed token's secret).
// A feed token's answer also depends on the client's network (its scope's network limit, decision
// 0049): its key holds the network too, so an answer decided for one network is never repeated to
// another, and each network's first request reaches the portal, which counts it.
/* global Buffer -- njs has Node's Buffer */
import crypto from 'crypto'

/** Whether Basic credentials are a feed token's: the user name `token`. */
function isFeedToken(authorization) {
  var match = /^basic +(\S+)/i.exec(authorization)
  return match !== null && Buffer.from(match[1], 'base64').toString().indexOf('token:') === 0
}

/** The client's network as the portal counts it (server/feed/client-network.ts): an IPv4 /24, an IPv6 /64. */
function clientNetwork(address) {
  var mapped = /^::ffff:(\d+\.\d+\.\d+)\.\d+$/i.exec(address)
  if (mapped) return mapped[1] + '.0/24'
  if (address.indexOf(':') < 0) return address.slice(0, address.lastIndexOf('.')) + '.0/24'
  var halves = address.toLowerCase().split('::')
  var head = halves[0] ? halves[0].split(':') : []
  var tail = halves.length > 1 && halves[1] ? halves[1].split(':') : []
  var groups = halves.length > 1 ? head.concat(new Array(8 - head.length - tail.length).fill('0'), tail) : head
  return (
    groups
      .slice(0, 4)
      .map(function (group) {
        return parseInt(group, 16).toString(16)
      })
      .join(':') + '::/64'
  )
}

function credentialHash(r) {
  var authorization = r.headersIn.Authorization
  if (!authorization) return 'none'
  var keyed = isFeedToken(authorization) ? authorization + ' ' + clientNetwork(r.remoteAddress) : authorization
  return crypto.createHash('sha256').update(keyed).digest('hex')
}

export default { credentialHash, clientNetwork }

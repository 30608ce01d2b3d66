// nginx's JavaScript module (njs) for the feed in deploy/nginx/prism.conf: the key its decisions
// are kept under. nginx writes each cache key into the cache file, so the key holds a SHA-256 of
// the Authorization header, never the header itself (a license key or a feed token's secret).
import crypto from 'crypto'

function credentialHash(r) {
  var authorization = r.headersIn.Authorization
  return authorization ? crypto.createHash('sha256').update(authorization).digest('hex') : 'none'
}

export default { credentialHash }

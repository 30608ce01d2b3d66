import { BlockList, isIP } from 'node:net'

/** TRUST_PROXY's default: a proxy on the same host, as docs/deploying.md sets nginx up. */
export const loopbackProxies = '127.0.0.1/8, ::1'

/** Whether a connection's peer is a proxy whose forwarding headers the server believes. */
export type TrustedProxies = (peer: string | undefined) => boolean

/**
 * Reads TRUST_PROXY: the proxies' addresses or ranges (`10.0.0.5, 10.1.0.0/16, fd00::/8`), or
 * `none` when clients reach the server directly. Null with the reason when it is neither: there is
 * no value that trusts every peer, since any client could then choose the address it is counted by.
 */
export function parseTrustedProxies(setting: string): { trusted: TrustedProxies; error: null } | { trusted: null; error: string } {
  const entries = setting
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 1 && ['none', 'false'].includes(entries[0]!.toLowerCase())) return { trusted: () => false, error: null }
  const listThem = "list the proxies' addresses or ranges (for example 127.0.0.1 or 10.0.0.0/8)"
  if (entries.length === 1 && entries[0]!.toLowerCase() === 'true') return { trusted: null, error: `TRUST_PROXY=true would trust every peer: ${listThem}` }
  if (entries.length === 0) return { trusted: null, error: 'TRUST_PROXY lists the proxies in front (addresses or ranges), or says none' }
  const list = new BlockList()
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/')
    const family = isIP(address ?? '')
    const width = family === 4 ? 32 : 128
    const prefix = bits === undefined ? width : Number(bits)
    if (!family || rest.length > 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > width || (bits !== undefined && !/^\d+$/.test(bits)))
      return { trusted: null, error: `TRUST_PROXY must list addresses or ranges like 10.0.0.0/8 or none; "${entry}" is neither` }
    // A range of every address (0.0.0.0/0, ::/0) is TRUST_PROXY=true written otherwise.
    if (prefix === 0) return { trusted: null, error: `TRUST_PROXY's ${entry} would trust every peer: ${listThem}` }
    list.addSubnet(address!, prefix, family === 4 ? 'ipv4' : 'ipv6')
  }
  // Each request asks for its peer, and BlockList builds an address object for every check: the
  // answers for the peers seen last are kept (a proxy's few addresses, or up to 1,000 clients').
  const known = new Map<string, boolean>()
  return {
    trusted: (peer) => {
      if (peer === undefined) return false
      let answer = known.get(peer)
      if (answer === undefined) {
        const family = isIP(peer)
        answer = family !== 0 && list.check(peer, family === 4 ? 'ipv4' : 'ipv6')
        if (known.size >= 1_000) known.clear()
        known.set(peer, answer)
      }
      return answer
    },
    error: null,
  }
}

import { isIPv4, isIPv6 } from 'node:net'

/**
 * The key an address's failed feed checks are counted under: an IPv4 address as it is (also when
 * written IPv4-mapped, `::ffff:192.0.2.1`), an IPv6 address by its /64, since one customer's
 * host or network is handed a whole /64 and could otherwise step past the limit address by address.
 */
export function failureAddressOf(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase()
  const mapped = plain.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!
  if (!isIPv6(plain)) return plain
  return `${firstGroups(plain, 4).join(':')}::/64`
}

/** The first `count` 16-bit groups of an IPv6 address, written without leading zeros. */
function firstGroups(address: string, count: number): string[] {
  const [head = '', tail] = address.split('::')
  const lead = head ? head.split(':') : []
  // An embedded IPv4 tail (`::1.2.3.4`) holds two groups; they are never among the first four unless the address is short.
  const trail = tail === undefined ? [] : tail ? tail.split(':').flatMap((group) => (group.includes('.') ? ipv4Groups(group) : [group])) : []
  const leadGroups = lead.flatMap((group) => (group.includes('.') ? ipv4Groups(group) : [group]))
  const groups = tail === undefined ? leadGroups : [...leadGroups, ...Array<string>(8 - leadGroups.length - trail.length).fill('0'), ...trail]
  return groups.slice(0, count).map((group) => parseInt(group, 16).toString(16))
}

const ipv4Groups = (dotted: string) => {
  const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number]
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
}

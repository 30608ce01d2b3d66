import { isIPv4 } from 'node:net'
import { failureAddressOf } from './failure-address'

/**
 * The network a client address is counted in for a feed token's network limit: an IPv4 address's
 * /24 (also when written IPv4-mapped), an IPv6 address's /64 (a host or site is handed a whole one).
 */
export function networkOf(address: string): string {
  const key = failureAddressOf(address)
  return isIPv4(key) ? `${key.slice(0, key.lastIndexOf('.'))}.0/24` : key
}

/**
 * Whether an address is safe to send secrets or fetch keys over: https, or http to this machine's
 * loopback only (nothing on the way can read or change it; the test setups use it).
 */
export function isSafeAddress(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
}

import { createServer, connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/**
 * A TCP proxy in front of PostgreSQL that can silence a connection without closing it, as a
 * network cut, a firewall's idle timeout or a vanished proxy does: bytes stop flowing both ways and
 * neither end hears of it. `silence(text)` silences the connections whose client has sent `text`
 * (`listen memberships_changed`: that channel's listener); connections made after go through.
 */
export async function startSilencingProxy(target: { host: string; port: number }) {
  const connections: { client: Socket; server: Socket; sent: string; silent: boolean }[] = []
  const proxy = createServer((client) => {
    const server = connect(target.port, target.host)
    const link = { client, server, sent: '', silent: false }
    connections.push(link)
    client.on('data', (chunk: Buffer) => {
      // Enough of what it sent to find a statement in it.
      link.sent = (link.sent + chunk.toString('latin1')).slice(-4096)
      if (!link.silent) server.write(chunk)
    })
    server.on('data', (chunk: Buffer) => {
      if (!link.silent) client.write(chunk)
    })
    const close = () => {
      client.destroy()
      server.destroy()
    }
    for (const socket of [client, server]) {
      socket.on('error', close)
      socket.on('close', close)
    }
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const port = (proxy.address() as AddressInfo).port
  return {
    port,
    /** The connection string through the proxy. */
    through: (url: string) => {
      const address = new URL(url)
      address.hostname = '127.0.0.1'
      address.port = String(port)
      return address.toString()
    },
    /** Silences every open connection whose client has sent `text`; answers how many. */
    silence: (text: string) => {
      const found = connections.filter((link) => !link.silent && link.sent.includes(text) && !link.client.destroyed)
      for (const link of found) link.silent = true
      return found.length
    },
    close: async () => {
      for (const link of connections) {
        link.client.destroy()
        link.server.destroy()
      }
      await new Promise((resolve) => proxy.close(resolve))
    },
  }
}

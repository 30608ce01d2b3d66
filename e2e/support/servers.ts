/** A server of the browser tests (scripts/e2e-servers.ts): the local stack on its port and data, built or development. */
export interface E2eServer {
  port: number
  localDir: string
  /** Vite's dev server (`--dev`) instead of the built site. */
  dev: boolean
  /** The path that answers once the server is ready for the tests. */
  readyPath: string
  env: Record<string, string>
}

/** What scripts/e2e-servers.ts prints once every server answers; Playwright waits for it. */
export const serversReady = 'The browser tests’ servers are ready'

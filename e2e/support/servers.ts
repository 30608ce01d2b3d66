import { untilAnswers } from '@/scripts/processes'

/** A server of the browser tests (scripts/e2e-servers.ts): the local stack on its port and data, built or development. */
export interface E2eServer {
  port: number
  localDir: string
  /** Vite's dev server (`--dev`) instead of the built site. */
  dev: boolean
  /** The path that answers once the server is ready for the tests. */
  readyPath: string
  /**
   * The tests that use this server wait for it themselves (`untilServerReady`), and the others start
   * without it: the development server bundles its dev tools' libraries for many seconds.
   */
  startsBesideTests?: boolean
  env: Record<string, string>
}

/** What scripts/e2e-servers.ts prints once every server answers; Playwright waits for it. */
export const serversReady = 'The browser tests’ servers are ready'

/** Waits until the server answers its ready path: for the tests of a server that starts beside them. */
export const untilServerReady = (server: E2eServer, timeoutMs: number) => untilAnswers(`https://localhost:${server.port}${server.readyPath}`, timeoutMs)

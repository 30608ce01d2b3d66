import { spawn } from 'node:child_process'
import { request } from 'node:https'

/** Runs a command to its end (in `cwd`, by default here), its output shown; rejects when it fails. */
export function run(command: string, args: string[], env: Record<string, string> = {}, cwd?: string): Promise<void> {
  return new Promise((resolve, reject) =>
    spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, cwd }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    ),
  )
}

/** Waits until the local stack answers the address with 2xx (its certificate is its own, self-signed). */
export async function untilAnswers(url: string, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const status = await new Promise<number>((resolve) =>
      request(url, { rejectUnauthorized: false }, (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
        .on('error', () => resolve(0))
        .end(),
    )
    if (status >= 200 && status < 300) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

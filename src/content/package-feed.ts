import { feedTokenUsername } from '@/common/contract'
import { config, resolveAddress } from '../config/config'

/**
 * The Commercial Plus private package feed: username = the licensed developer's email,
 * password = the license key (or `token` and a feed token's secret, for CI). Setup never stores
 * the secret in clear text.
 */
export const packageFeed = {
  name: 'PrismPlus',
  secretName: 'PRISM_LICENSE_KEY',
}

/** The feed's address as customers type it: the configured one (a path is on the site's own origin). */
export function packageFeedSource(origin?: string): string {
  return resolveAddress(config.VITE_PACKAGE_FEED_URL, origin)
}

/**
 * The feed's address for one credential (a seat, a feed token): the service index at
 * `for/<credential id>/index.json` beside the feed's own, the same feed. NuGet keeps its HTTP cache
 * per source address, and each credential's lists hold only what it covers: on a build machine
 * shared by two credentials, one address each keeps one's lists from being read as the other's
 * (decision 0043). The address still ends with `.json`, which NuGet reads as a v3 feed.
 */
export const credentialSource = (source: string, credentialId: string) =>
  source.endsWith('/index.json') ? `${source.slice(0, -'index.json'.length)}for/${encodeURIComponent(credentialId)}/index.json` : source

/** A NuGet.config that reads the password from the environment variable `secretName`. */
export function nugetConfig({ source, username, secretName }: { source: string; username: string; secretName: string }) {
  const { name } = packageFeed
  return `<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <add key="${name}" value="${source}" />
  </packageSources>
  <packageSourceCredentials>
    <${name}>
      <add key="Username" value="${username}" />
      <add key="ClearTextPassword" value="%${secretName}%" />
    </${name}>
  </packageSourceCredentials>
</configuration>`
}

/** A feed token's setup for a build: the NuGet.config reads the secret from PRISM_FEED_TOKEN (a CI secret); the file holds none. */
export function feedTokenSetup(source: string) {
  const secretName = 'PRISM_FEED_TOKEN'
  return { secretName, nugetConfig: nugetConfig({ source, username: feedTokenUsername, secretName }) }
}

export function feedSetup(username: string, source: string) {
  const { name, secretName } = packageFeed
  return {
    command: `dotnet nuget add source ${source} --name ${name} --username ${username} --password <your license key>`,
    nugetConfig: nugetConfig({ source, username, secretName }),
    // NuGet encrypts a password only on Windows; elsewhere `--password` needs clear-text storage,
    // so CI reads the key from the environment through the NuGet.config.
    ci: `# GitHub Actions: store the license key as the repository secret ${secretName},
# and commit the NuGet.config of the NuGet.config tab: it reads the key from the environment.
- name: Restore packages
  run: dotnet restore
  env:
    ${secretName}: \${{ secrets.${secretName} }}`,
  }
}

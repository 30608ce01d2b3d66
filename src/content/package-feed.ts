/**
 * The Commercial Plus private package feed: username = the licensed developer's email,
 * password = the license key. Setup never stores the key in clear text.
 */
export const packageFeed = {
  name: 'PrismPlus',
  source: 'https://nuget.prismlibrary.com/v3/index.json',
  secretName: 'PRISM_LICENSE_KEY',
}

export function feedSetup(username: string) {
  const { name, source, secretName } = packageFeed
  return {
    command: `dotnet nuget add source ${source} --name ${name} --username ${username} --password <your license key>`,
    nugetConfig: `<?xml version="1.0" encoding="utf-8"?>
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
</configuration>`,
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

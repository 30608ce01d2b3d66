import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { networkOf } from '@/server/feed/client-network'
import { deployingDoc, expectedNginxBlock, fillNginxConfig, nginxBlockOf, placeholdersOf, readNginxConfig, withNginxBlock } from '@/scripts/feed/nginx-doc'

const config = readNginxConfig()
const doc = readFileSync(deployingDoc, 'utf8')

describe('the nginx configuration the deployment doc shows', () => {
  it('is deploy/nginx/prism.conf, as it is (npx tsx scripts/feed/nginx-doc.ts copies it after a change)', () => {
    expect(nginxBlockOf(doc)).toBe(expectedNginxBlock(config))
    expect(withNginxBlock(doc, config)).toBe(doc)
  })

  it('explains every placeholder the file has, and no other', () => {
    const placeholders = placeholdersOf(config)
    expect(placeholders.sort()).toEqual(['CERTIFICATE', 'CERTIFICATE_KEY', 'FEED_CACHE', 'FEED_ROOT', 'FEED_SCRIPT', 'LISTEN', 'PORTAL', 'SERVER_NAME'])
    const section = doc.slice(doc.indexOf('## The package feed'), doc.indexOf('<!-- deploy/nginx/prism.conf'))
    expect(placeholdersOf(section).sort()).toEqual(placeholders)
  })

  it("answers the metadata from the portal, asks the check before each package file with the file's address, and passes on each refusal and its reason", () => {
    expect(config).toMatch(/location \/v3\/ \{\n[^}]*\}\n {4}proxy_pass http:\/\/prism_portal\/api\/feed\/v3\/;\n/)
    expect(config).toMatch(/location ~ \^\/v3\/\(flatcontainer\/[^\n]*\.\(\?:nupkg\|nuspec\)\)\$ \{\n {4}alias \{\{FEED_ROOT\}\}\/\$1;\n[^}]*\}\n {4}auth_request \/_feed_auth;\n/)
    expect(config).toMatch(
      /location = \/_feed_auth \{[^}]*internal;[^}]*proxy_pass http:\/\/prism_portal\/api\/feed\/authorize;[^}]*proxy_pass_request_body off;[^}]*proxy_set_header X-Original-URI \$request_uri;/,
    )
    expect(config).toMatch(/auth_request_set \$feed_warning \$upstream_http_x_nuget_warning;/)
    expect(config).toMatch(/error_page 401 = @feed_refused;/)
    expect(config).toMatch(/location @feed_refused \{[^}]*return 401 /)
    expect(config).toMatch(/location @feed_not_covered \{[^}]*add_header X-NuGet-Warning \$feed_warning always;[^}]*return 403 /)
    // Never a redirect; never a 500 (the check out of reach is a 503 with Retry-After).
    const directives = config.replace(/#.*$/gm, '')
    expect(directives).not.toMatch(/\b(301|302|307|308)\b|\breturn 30|\brewrite\b/)
    expect(directives.match(/error_page 500 502 503 504 = @feed_unavailable;/g)).toHaveLength(2)
    expect(directives).toMatch(/location @feed_unavailable \{[^}]*add_header Retry-After \d+ always;[^}]*return 503 /)
  })

  it('keeps positive answers under a hash of the credentials and the path, never the Authorization header, and answers the first, credential-less request itself', () => {
    const directives = config.replace(/#.*$/gm, '')
    expect(directives).toMatch(/js_set \$feed_credential prism_feed\.credentialHash;/)
    expect(directives.match(/proxy_cache_key "\$feed_credential \$request_uri";/g)).toHaveLength(2)
    expect(directives).not.toMatch(/proxy_cache_key[^;]*http_authorization/)
    expect(directives).not.toMatch(/proxy_cache_use_stale/)
    expect(directives.match(/if \(\$http_authorization = ""\) \{\n\s+return 418;/g)).toHaveLength(2)
    expect(directives).toMatch(/location @feed_challenge \{[^}]*add_header WWW-Authenticate 'Basic realm="Prism packages"' always;[^}]*return 401 /)
    expect(readFileSync('deploy/nginx/prism-feed.js', 'utf8')).toMatch(/createHash\('sha256'\)\.update\(keyed\)\.digest\('hex'\)/)
  })

  it("keys a feed token's kept answers by its client's network too, as the portal counts networks; a seat's by its credentials alone", async () => {
    const { default: feed } = (await import(/* @vite-ignore */ pathToFileURL(resolve('deploy/nginx/prism-feed.js')).href)) as {
      default: { credentialHash: (r: object) => string; clientNetwork: (address: string) => string }
    }
    const addresses = ['198.51.100.7', '::ffff:198.51.100.9', '2001:db8:1:2::10', '2001:0db8:0001:0002:ffff::1', '2001:db8::1', '::1', 'fe80::1:2:3:4']
    for (const address of addresses) expect(feed.clientNetwork(address), address).toBe(networkOf(address))
    const basic = (user: string) => `Basic ${Buffer.from(`${user}:secret`).toString('base64')}`
    const key = (user: string, remoteAddress: string) => feed.credentialHash({ headersIn: { Authorization: basic(user) }, remoteAddress })
    expect(key('token', '198.51.100.7')).toBe(key('token', '198.51.100.200'))
    expect(key('token', '198.51.100.7')).not.toBe(key('token', '203.0.113.7'))
    expect(key('plus@example.com', '198.51.100.7')).toBe(key('plus@example.com', '203.0.113.7'))
    expect(key('token', '198.51.100.7')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('fills each placeholder, and refuses to leave one unfilled', () => {
    const values = {
      PORTAL: '127.0.0.1:8080',
      LISTEN: '443',
      SERVER_NAME: 'nuget.example.com',
      CERTIFICATE: '/c.pem',
      CERTIFICATE_KEY: '/c.key',
      FEED_ROOT: '/srv/feed',
      FEED_SCRIPT: '/etc/nginx/prism-feed.js',
      FEED_CACHE: '/var/cache/nginx/prism-feed',
    }
    const filled = fillNginxConfig(config, values)
    expect(filled).not.toMatch(/\{\{/)
    expect(filled).toContain('alias /srv/feed/$1;')
    expect(() => fillNginxConfig(config, { ...values, FEED_ROOT: undefined } as unknown as Record<string, string>)).toThrow('No value for {{FEED_ROOT}}')
  })
})

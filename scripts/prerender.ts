import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type * as ServerEntry from '../src/prerender/entry-server'

/**
 * Renders the public routes to HTML files in dist/ (hydrated in the browser), writes the app
 * shell for the portal's client-rendered routes, the sitemap and robots.txt, and precompresses
 * every text file so the server sends gzip or brotli without work per request.
 */
const distDir = 'dist'
const template = readFileSync(join(distDir, 'index.html'), 'utf8')
const entry: typeof ServerEntry = await import(pathToFileURL(join('dist-ssr', 'entry-server.js')).href)

const pages = [
  ...entry.publicPaths.map((path) => ({ path, file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`, status: 200 })),
  { path: '/404', file: '404.html', status: 404 },
]

for (const page of pages) {
  const { status, html } = await entry.render(`${entry.siteUrl}${page.path}`)
  if (status !== page.status) throw new Error(`${page.path} rendered with status ${status}, expected ${page.status}`)
  writeFile(page.file, fillTemplate(html.replace(/^<!DOCTYPE html>/, '')))
}
writeFile('app.html', template.replace('<!--app-head-->', '').replace('<!--app-html-->', ''))
writeFile('sitemap.xml', sitemap(entry.publicPaths.map((path) => new URL(path, entry.siteUrl).href)))
writeFile('robots.txt', `User-agent: *\nDisallow: /account\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', entry.siteUrl).href}\n`)
rmSync('dist-ssr', { recursive: true, force: true })
precompress(distDir)

/** React renders the head tags first (HeadContent leads the tree); they go into <head>. */
function fillTemplate(rendered: string): string {
  const head = rendered.match(/^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/)![0]
  return template.replace('<!--app-head-->', head).replace('<!--app-html-->', rendered.slice(head.length))
}

function writeFile(file: string, content: string) {
  const path = join(distDir, file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
}

function sitemap(urls: string[]): string {
  const entries = urls.map((url) => `  <url><loc>${url}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`
}

function precompress(dir: string) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      precompress(path)
    } else if (/\.(html|js|css|svg|xml|txt|json)$/.test(name)) {
      const content = readFileSync(path)
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }))
      writeFileSync(`${path}.br`, brotliCompressSync(content))
    }
  }
}

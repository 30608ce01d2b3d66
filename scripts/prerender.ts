import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type * as ServerEntry from '../src/prerender/entry-server'
import { type PublicPageAssets, publicPageAssetsId } from '../src/prerender/public-page-assets'

/**
 * Renders the public routes to HTML files in dist/, writes the app shell for the portal's
 * client-rendered routes, the sitemap and robots.txt, and precompresses every text file so the
 * server sends gzip or brotli without work per request. The public pages are not hydrated
 * (decision 0013): they carry no script file, only the inline script of src/public-page.ts and
 * the addresses it needs.
 */
const distDir = 'dist'
const template = readFileSync(join(distDir, 'index.html'), 'utf8')
const entry: typeof ServerEntry = await import(pathToFileURL(join('dist-ssr', 'entry-server.js')).href)
const inlineScript = readFileSync(join('dist-ssr', 'public-page.js'), 'utf8').trim()
if (/<\/script/i.test(inlineScript)) throw new Error("The public pages' inline script contains </script")
const publicTemplate = template
  // The app's entry and its preloads: a public page loads the app only to finish a sign-in.
  .replace(/\s*<script type="module"[^>]*\bsrc="[^"]+"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace('</body>', `${publicPageScripts(publicPageAssets())}\n  </body>`)
  // The first paint waits until the whole page is parsed: one style and layout pass, not one for
  // its first screen and another for the rest moments later (decision 0013).
  .replace('</head>', `  <link rel="expect" href="#${publicPageAssetsId}" blocking="render" />\n  </head>`)

const pages = [...entry.publicPaths.map((path) => ({ path, file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`, status: 200 })), { path: '/404', file: '404.html', status: 404 }]

for (const page of pages) {
  const { status, html } = await entry.render(`${entry.siteUrl}${page.path}`)
  if (status !== page.status) throw new Error(`${page.path} rendered with status ${status}, expected ${page.status}`)
  // The router's own inline scripts (dehydrated state, scroll restoration) serve hydration only.
  writeFile(page.file, fillTemplate(html.replace(/^<!DOCTYPE html>/, '').replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')))
}
writeFile('app.html', template.replace('<!--app-head-->', '').replace('<!--app-html-->', ''))
writeFile('sitemap.xml', sitemap(entry.publicPaths.map((path) => new URL(path, entry.siteUrl).href)))
writeFile('robots.txt', `User-agent: *\nDisallow: /account\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', entry.siteUrl).href}\n`)
rmSync('dist-ssr', { recursive: true, force: true })
precompress(distDir)

/** React renders the head tags first (HeadContent leads the tree); they go into <head>. */
function fillTemplate(rendered: string): string {
  const head = rendered.match(/^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/)![0]
  return publicTemplate.replace('<!--app-head-->', head).replace('<!--app-html-->', rendered.slice(head.length))
}

/** The app's files, from Vite's manifest: its entry's, and those of the portal's first pages. */
function publicPageAssets(): PublicPageAssets {
  type Chunk = { file: string; imports?: string[]; css?: string[] }
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>
  const closure = (keys: string[]) => {
    const seen = new Set<string>()
    const files = new Set<string>()
    const visit = (key: string) => {
      if (seen.has(key)) return
      seen.add(key)
      const chunk = manifest[key]
      if (!chunk) throw new Error(`${key} is missing from Vite's manifest`)
      files.add(`/${chunk.file}`)
      for (const imported of chunk.imports ?? []) visit(imported)
      for (const css of chunk.css ?? []) files.add(`/${css}`)
    }
    keys.forEach(visit)
    return [...files]
  }
  const portalRoutes = ['route', 'index', 'licenses', 'purchase/index'].map((route) => `src/routes/account/${route}.tsx?tsr-split=component`)
  return {
    app: closure(['index.html']).filter((file) => file.endsWith('.js')),
    portalFiles: closure(['index.html', ...portalRoutes]),
  }
}

function publicPageScripts(assets: PublicPageAssets): string {
  const json = JSON.stringify(assets).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${publicPageAssetsId}">${json}</script>\n    <script>${inlineScript}</script>`
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

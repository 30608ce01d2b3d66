import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

import type * as ServerEntry from '../src/prerender/entry-server'
const distDir = 'dist'
const template = readFileSync(join(distDir, 'index.html'), 'utf8')
const { render }: typeof ServerEntry = await import(pathToFileURL(join('dist-ssr', 'entry-server.js')).href)

const routes: { path: string; file: string; status: number }[] = [
  { path: '/', file: 'index.html', status: 200 },
]

for (const route of routes) {
  const { status, html } = await render(`https://localhost${route.path}`)
  const body = html.replace(/^<!DOCTYPE html>/, '')
  const head = body.match(/^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/)![0]
  const page = template.replace('<!--app-head-->', head).replace('<!--app-html-->', body.slice(head.length))
  if (status !== route.status) throw new Error(`${route.path} rendered with status ${status}`)
  mkdirSync(dirname(join(distDir, route.file)), { recursive: true })
  writeFileSync(join(distDir, route.file), page)
}
writeFileSync(join(distDir, 'app.html'), template.replace('<!--app-head-->', '').replace('<!--app-html-->', ''))
rmSync('dist-ssr', { recursive: true, force: true })

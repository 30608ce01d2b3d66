import { resolve } from 'node:path'
import { writeFeed } from '@/server/local/feed/static-feed'

/**
 * `tsx scripts/feed/write-feed.ts <folder> <base address>`: writes the static NuGet v3 feed of the
 * sample packages into the folder, its files naming their addresses under the base address (the
 * feed's public one, ending with a slash: `https://nuget.example.com/v3/`). nginx serves the folder
 * there (deploy/nginx/prism.conf).
 */
const [dir, baseUrl] = process.argv.slice(2)
if (!dir || !baseUrl) {
  console.error('Usage: tsx scripts/feed/write-feed.ts <folder> <base address, e.g. https://nuget.example.com/v3/>')
  process.exit(2)
}
const files = writeFeed(resolve(dir), baseUrl)
console.log(`Wrote the feed (${files.length} files) into ${resolve(dir)}; its service index is ${new URL('index.json', baseUrl)}`)

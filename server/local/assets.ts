import { readFile } from 'node:fs/promises'

/** The stylesheet of the stand-ins' pages (the identity provider's and the payment sandbox's), each serving it under its own path. */
export const standInStylesheet = { name: 'stand-in.css', contentType: 'text/css; charset=utf-8', read: () => readFile(new URL('./assets/stand-in.css', import.meta.url)) }

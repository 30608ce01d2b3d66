/** Where the chosen colour scheme is kept; index.html reads the same key before first paint. */
export const colorSchemeStorageKey = 'prism-color-scheme'

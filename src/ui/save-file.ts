/**
 * Hands text to the browser as a downloaded file. The file comes from a fetch with the bearer
 * token (a link to the API could not carry it), so it is saved from a Blob through a transient link.
 */
export function saveTextFile(text: string, fileName: string, type: string) {
  saveBlobFile(new Blob([text], { type }), fileName)
}

/** Hands a fetched file (a quote's PDF) to the browser as a download, as saveTextFile does. */
export function saveBlobFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

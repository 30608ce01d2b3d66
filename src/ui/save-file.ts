/**
 * Hands text to the browser as a downloaded file. The file comes from a fetch with the bearer
 * token (a link to the API could not carry it), so it is saved from a Blob through a transient link.
 */
export function saveTextFile(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

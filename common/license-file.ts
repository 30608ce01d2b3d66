/**
 * A seat's license file (docs/license-files.md): the name the portal saves it under, and where a
 * customer's build looks for it (the environment variable first, then the file beside the project).
 */
export const licenseFileName = 'prism-license.jwt'
export const licenseFileVariable = 'PRISM_LICENSE_FILE'

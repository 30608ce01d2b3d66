import { parsePublicEnv } from './schema'

/** The validated deployment configuration, parsed once when the app starts. */
export const config = parsePublicEnv(import.meta.env)

/// <reference types="vite/client" />
import type { PublicEnv } from '../common/config-schema'

declare global {
  // Merges the validated configuration's fields into Vite's type of import.meta.env.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ImportMetaEnv extends PublicEnv {}
}

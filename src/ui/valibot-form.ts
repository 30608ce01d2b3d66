import * as v from 'valibot'

/** Validates a Mantine form with a valibot schema: the first message of each field, by its path. */
export function valibotResolver<TSchema extends v.GenericSchema>(schema: TSchema) {
  return (values: unknown): Record<string, string> => {
    const result = v.safeParse(schema, values)
    if (result.success) return {}
    const errors: Record<string, string> = {}
    for (const issue of result.issues) {
      const path = v.getDotPath(issue)
      if (path && !(path in errors)) errors[path] = issue.message
    }
    return errors
  }
}

/** A person as a message names them: the name (empty when not given) and the address. */
export interface Person {
  firstName: string
  lastName: string
  email: string
}

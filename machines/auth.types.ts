/** The signed-in identity as the machines see it (MSAL's AccountInfo, reduced to what they use). */
export interface SignedInAccount {
  homeAccountId: string
  localAccountId: string
  username: string
  name?: string
  /** The ID token's claims; B2C puts the email in `emails[0]`. */
  idTokenClaims?: Record<string, unknown>
}

/** How an interactive request is carried out (MSAL's InteractionType, as the spec names them). */
export type InteractionType = 'redirect' | 'popup' | 'silent'

export const interactionTypes: readonly string[] = ['redirect', 'popup', 'silent'] satisfies InteractionType[]

/** The tenant's two user flows. */
export type Policy = 'signUpSignIn' | 'passwordReset'

/** An MSAL failure reduced to what the rules look at. */
export interface AuthFailure {
  errorCode: string
  errorMessage: string
  /** MSAL's InteractionRequiredAuthError: only the user can fix it (expired or revoked sign-in). */
  interactionRequired: boolean
  /** The refresh token cannot give this token (invalid, expired, or not for these scopes). */
  refreshTokenUnusable: boolean
}

/** The sign-in error texts of spec section 8. */
export const signInErrors = {
  invalidInteractionType: 'Invalid interaction type',
  interactionInProgress: 'Cannot fall back to interaction because another interaction is in progress',
} as const

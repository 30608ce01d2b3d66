import * as v from 'valibot'

/**
 * What the API trusts of a token beyond its signature (issue 48), as settings both the production
 * server and the local stack read:
 * - AUTH_POLICIES: the user flows (B2C policies) whose tokens the API takes, by the token's `tfp`,
 *   else its `acr`, compared without case; `none` takes a token that names no policy (Entra
 *   External ID). A token of another policy (a profile edit's, a password reset's) is refused.
 * - AUTH_TENANT_VERIFIES_EMAIL: `true` when the tenant verifies every address it puts in the email
 *   claim (docs/deploying.md says how to tell): a token with no `email_verified` is then trusted to
 *   bind a seat and accept an invitation; otherwise only `email_verified: true` is.
 */
export const tenantClaimSettings = v.object({
  AUTH_POLICIES: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((policy) => policy.trim().toLowerCase())
          .filter(Boolean),
      ),
      v.minLength(1, 'AUTH_POLICIES must name at least one policy (none: tokens that name no policy)'),
      v.check((policies) => policies.every((policy) => /^[\w.-]{1,100}$/.test(policy)), 'AUTH_POLICIES must be policy names separated by commas'),
    ),
    'B2C_1_susi',
  ),
  AUTH_TENANT_VERIFIES_EMAIL: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'AUTH_TENANT_VERIFIES_EMAIL must be true or false'),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
})

/** The name AUTH_POLICIES uses for a token that names no policy. */
export const noPolicy = 'none'

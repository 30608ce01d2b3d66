import type { IdentityProviderName } from '../demo-accounts'
import type { Person } from './people'

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function page(title: string, body: string, scripts: string[] = []): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/idp/assets/stand-in.css">
${scripts.map((src) => `<script src="${src}" defer></script>`).join('\n')}
</head>
<body class="idp"><main>${body}</main></body>
</html>`
}

const providers: IdentityProviderName[] = ['Microsoft', 'Google', 'GitHub']

function newPersonFields(idPrefix: string): string {
  return `<label for="${idPrefix}-first">First name</label><input id="${idPrefix}-first" name="firstName" autocomplete="given-name" required maxlength="100">
<label for="${idPrefix}-last">Last name</label><input id="${idPrefix}-last" name="lastName" autocomplete="family-name" required maxlength="100">
<label for="${idPrefix}-email">Email</label><input id="${idPrefix}-email" name="email" type="email" autocomplete="email" required maxlength="254">`
}

export interface SignInPageInput {
  action: string
  forgotHref: string
  signUpHref: string
  people: readonly (Person & { state?: string })[]
  error?: string
}

/** The sign-up/sign-in policy's page: each provider's demo people, and a new person. */
export function signInPage({ action, forgotHref, signUpHref, people, error }: SignInPageInput): string {
  const sections = providers
    .map((provider) => {
      const id = provider.toLowerCase()
      const buttons = people
        .filter((person) => person.provider === provider)
        .map((person) => `<form method="post" action="${action}"><button name="oid" value="${escape(person.oid)}">${escape(person.email)}</button></form>`)
        .join('\n')
      return `<section aria-labelledby="${id}-title">
<h2 id="${id}-title">Sign in with ${provider}</h2>
<div class="accounts">${buttons}</div>
<details><summary>Sign in with ${provider} as someone else</summary>
<form method="post" action="${action}"><input type="hidden" name="provider" value="${provider}">${newPersonFields(id)}<p><button>Continue with ${provider}</button></p></form>
</details>
</section>`
    })
    .join('\n')
  return page(
    'Sign in to Prism',
    `<h1>Sign in to Prism</h1>
<p class="note">Local demo identity provider: choose who you are. There are no passwords here.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
${sections}
<p class="links"><a href="${signUpHref}">Sign up now</a> <a href="${forgotHref}">Forgot your password?</a></p>`,
  )
}

/** 'Sign up now': a new person with the provider of their choice. */
export function signUpPage({ action, signInHref, error }: { action: string; signInHref: string; error?: string }): string {
  const options = providers.map((provider) => `<option value="${provider}">${provider}</option>`).join('')
  return page(
    'Sign up for Prism',
    `<h1>Sign up for Prism</h1>
<p class="note">Local demo identity provider: create a person to sign in as.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<section aria-labelledby="signup-title"><h2 id="signup-title">Your details</h2>
<form method="post" action="${action}">
<label for="signup-provider">Sign in with</label><select id="signup-provider" name="provider">${options}</select>
${newPersonFields('signup')}
<p><button>Create account</button></p>
</form></section>
<p class="links"><a href="${signInHref}">Back to sign in</a></p>`,
  )
}

/** The password-reset policy's page. */
export function resetPage({ action, error, email }: { action: string; error?: string; email?: string }): string {
  return page(
    'Reset your password',
    `<h1>Reset your password</h1>
<p class="note">Local demo identity provider: any new password is accepted.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<section aria-labelledby="reset-title"><h2 id="reset-title">Your account</h2>
<form method="post" action="${action}">
<label for="reset-email">Email</label><input id="reset-email" name="email" type="email" autocomplete="email" required value="${escape(email ?? '')}">
<label for="reset-password">New password</label><input id="reset-password" name="password" type="password" autocomplete="new-password" required minlength="8">
<p><button>Reset password</button></p>
</form></section>`,
  )
}

/** Sign-out goes through without asking, as in B2C; the button is there when scripts are off. */
export function logoutPage(form: string): string {
  const autoForm = form.replace('<form', '<form data-auto-submit').replace('</form>', '<input type="hidden" name="logout" value="yes"><button>Sign out</button></form>')
  return page('Signing out', `<h1>Signing out</h1>${autoForm}`, ['/idp/assets/submit.js'])
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`)
}

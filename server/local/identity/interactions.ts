import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import type { IdentityProviderName } from '../demo-accounts'
import { resetPage, signInPage, signUpPage } from './pages'
import type { PeopleDirectory, Person } from './people'

const providerNames: IdentityProviderName[] = ['Microsoft', 'Google', 'GitHub']
const forgotPassword = { error: 'access_denied', error_description: 'AADB2C90118: The user has forgotten their password.' }

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 16_384) throw new Error('Form too large')
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

const html = (res: ServerResponse, status: number, body: string) => res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(body)

/** A new person from the form, or the reason it cannot be one. */
function newPerson(form: URLSearchParams): Omit<Person, 'oid'> | string {
  const firstName = form.get('firstName')?.trim() ?? ''
  const lastName = form.get('lastName')?.trim() ?? ''
  const email = form.get('email')?.trim() ?? ''
  const provider = form.get('provider') as IdentityProviderName
  if (!providerNames.includes(provider)) return 'Choose Microsoft, Google or GitHub.'
  if (!firstName || !lastName || firstName.length > 100 || lastName.length > 100) return 'Enter your first and last name (up to 100 characters each).'
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return 'Enter a valid email address.'
  return { firstName, lastName, email, provider }
}

/**
 * The user-facing side of each policy: who signs in (sign-up/sign-in), 'Forgot your password?'
 * answered with B2C's AADB2C90118 error, and the password-reset page.
 */
export function createInteractions({ people, policies }: { providers: Map<string, Provider>; people: PeopleDirectory; policies: { signUpSignIn: string; passwordReset: string } }) {
  async function handle(policy: string, provider: Provider, req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'https://local')
    const [, , , , uid, step] = url.pathname.split('/')
    const base = `/idp/${policy}/interaction/${uid}`
    const details = await provider.interactionDetails(req, res).catch(() => undefined)
    if (!details || details.uid !== uid) {
      html(res, 400, signInPage({ action: '#', forgotHref: '#', signUpHref: '#', people: [], error: 'This sign-in has expired. Go back to the site and sign in again.' }))
      return
    }
    const finishLogin = (person: Person) => provider.interactionFinished(req, res, { login: { accountId: person.oid } }, { mergeWithLastSubmission: false })
    const isReset = policy === policies.passwordReset.toLowerCase()

    if (details.prompt.name === 'consent') {
      // The API's scopes are granted as B2C does, without asking.
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string })
      grant.addOIDCScope('openid profile email offline_access')
      const grantId = await grant.save()
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
      return
    }

    if (req.method === 'GET' && step === undefined) {
      html(res, 200, isReset ? resetPage({ action: `${base}/reset` }) : signInPage({ action: `${base}/login`, forgotHref: `${base}/forgot`, signUpHref: `${base}/signup`, people: people.demoPeople }))
      return
    }
    if (req.method === 'GET' && step === 'signup' && !isReset) {
      html(res, 200, signUpPage({ action: `${base}/login`, signInHref: base }))
      return
    }
    if (req.method === 'GET' && step === 'forgot' && !isReset) {
      await provider.interactionFinished(req, res, forgotPassword, { mergeWithLastSubmission: false })
      return
    }
    if (req.method === 'POST' && step === 'login' && !isReset) {
      const form = await readForm(req)
      const oid = form.get('oid')
      if (oid) {
        const person = people.find(oid)
        if (person) return finishLogin(person)
        return html(res, 422, signInPage({ action: `${base}/login`, forgotHref: `${base}/forgot`, signUpHref: `${base}/signup`, people: people.demoPeople, error: 'Unknown account.' }))
      }
      const candidate = newPerson(form)
      if (typeof candidate === 'string') return html(res, 422, signUpPage({ action: `${base}/login`, signInHref: base, error: candidate }))
      return finishLogin(people.signUp(candidate))
    }
    if (req.method === 'POST' && step === 'reset' && isReset) {
      const form = await readForm(req)
      const email = form.get('email') ?? ''
      const person = people.findByEmail(email)
      if (!person) return html(res, 422, resetPage({ action: `${base}/reset`, email, error: 'No account uses this email address.' }))
      if ((form.get('password') ?? '').length < 8) return html(res, 422, resetPage({ action: `${base}/reset`, email, error: 'Choose a password of at least 8 characters.' }))
      return finishLogin(person)
    }
    html(res, 404, signInPage({ action: '#', forgotHref: '#', signUpHref: '#', people: [], error: 'Not found.' }))
  }
  return { handle }
}

import { useEffect } from 'react'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { pageMeta } from '@/src/content/pages'
import { StatusPage } from './StatusPage'
import { siteButton } from '../site-button'

/** What a route's failure tells the user: its HTTP status when it has one, else its message. */
export function describeRouteError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { status, statusText, message } = error as { status?: unknown; statusText?: unknown; message?: unknown }
    if (typeof status === 'number') return typeof statusText === 'string' && statusText ? `${status} ${statusText}` : String(status)
    if (typeof message === 'string' && message) return message
  }
  return typeof error === 'string' && error ? error : 'Unknown error'
}

/** The spec's routing-failure view, with a way to retry the route. */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  useEffect(() => {
    document.title = pageMeta.error.title
  }, [])
  return (
    <StatusPage
      title="Unexpected Application Error!"
      detail={describeRouteError(error)}
      action={
        <button
          type="button"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
          {...siteButton()}
        >
          Try again
        </button>
      }
    />
  )
}

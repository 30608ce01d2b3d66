import { Link } from '@tanstack/react-router'
import { StatusPage } from './StatusPage'
import { siteButton } from '../site-button'

export function NotFoundView() {
  return (
    <StatusPage
      title="Page not found"
      detail="The page you are looking for does not exist or has moved."
      action={
        <Link to="/" {...siteButton()}>
          Go back home
        </Link>
      }
    />
  )
}

import { Button } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { StatusPage } from './StatusPage'

export function NotFoundView() {
  return (
    <StatusPage
      title="Page not found"
      detail="The page you are looking for does not exist or has moved."
      action={
        <Button component={Link} to="/">
          Go back home
        </Button>
      }
    />
  )
}

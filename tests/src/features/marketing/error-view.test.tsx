// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { createRoute } from '@tanstack/react-router'
import { RouteErrorView, describeRouteError } from '@/src/ui/site/ErrorView'
import { NotFoundView } from '@/src/ui/site/NotFoundView'
import { renderWithRouter } from '@/tests/support/render'

describe('describeRouteError', () => {
  it('prefers the HTTP status, with its text when there is one', () => {
    expect(describeRouteError({ status: 503, statusText: 'Service Unavailable' })).toBe('503 Service Unavailable')
    expect(describeRouteError({ status: 404 })).toBe('404')
  })

  it('falls back to the message, then to a generic text', () => {
    expect(describeRouteError(new Error('Boom'))).toBe('Boom')
    expect(describeRouteError('Plain failure')).toBe('Plain failure')
    expect(describeRouteError(null)).toBe('Unknown error')
  })
})

describe('routing failures', () => {
  it("shows 'Unexpected Application Error!' with the message of a route that throws [S8.routing]", async () => {
    renderWithRouter((root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/',
        loader: () => {
          throw new Error('The licenses could not be loaded')
        },
        errorComponent: RouteErrorView,
      }),
    ])
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy()
    expect(screen.getByText('The licenses could not be loaded')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it("shows 'Page not found' with a way home for an unknown address", async () => {
    renderWithRouter((root) => [createRoute({ getParentRoute: () => root, path: '/', component: NotFoundView })])
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/')
  })
})

import type { ReactNode } from 'react'
import { Container, Text, Title } from '@mantine/core'
import { PublicLayout } from './PublicLayout'

interface StatusPageProps {
  title: string
  detail: ReactNode
  action: ReactNode
}

/** A page that only says what happened and offers one way on: 404 and error views. */
export function StatusPage({ title, detail, action }: StatusPageProps) {
  return (
    <PublicLayout>
      <Container size="sm" className="site-section" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg" mt="md" mb="xl">
          {detail}
        </Text>
        {action}
      </Container>
    </PublicLayout>
  )
}

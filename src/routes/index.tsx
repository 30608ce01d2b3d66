import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Home | Prism' }] }),
  component: function Home() {
    const [n, setN] = useState(0)
    return <main><h1>Empower</h1><button onClick={() => setN(n + 1)}>clicked {n}</button></main>
  },
})

/** dist-server/'s files and their sources: the server, the migrations, the billing reconciliation. */
export const productionServerEntries = { production: 'server/production.ts', migrate: 'server/db/migrate.ts', 'billing-reconcile': 'server/reconciliation/main.ts' }

/**
 * The production server compiled to plain JavaScript in `outDir`: it runs with `node` and the runtime
 * dependencies only (no tsx, no Vite). Packages stay imports of node_modules, so `outDir` must be
 * inside the project for Node to find them.
 */
export async function buildProductionServer(outDir: string) {
  // Loaded here: a test that reads only the entries does not load Vite.
  const { build } = await import('vite')
  await build({
    configFile: false,
    resolve: { tsconfigPaths: true },
    publicDir: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: { input: productionServerEntries, output: { format: 'es', entryFileNames: '[name].js' } },
    },
  })
}

/** The SDK methods whose requests the payment sandbox serves at /v1 (server/local/sandbox/api/routes.ts). */
export interface SandboxOperation {
  /** The SDK's name for it: `customers.create`. */
  name: string
  /** Its declarations' file under node_modules/stripe/cjs/resources, without extension. */
  file: string
  method: string
}

const of = (resource: string, file: string, methods: string[]): SandboxOperation[] => methods.map((method) => ({ name: `${resource}.${method}`, file, method }))

export const sandboxOperations: SandboxOperation[] = [
  ...of('customers', 'Customers', [
    'create',
    'retrieve',
    'update',
    'list',
    'listPaymentMethods',
    'createTaxId',
    'listTaxIds',
    'retrieveTaxId',
    'deleteTaxId',
    'createFundingInstructions',
    'createBalanceTransaction',
    'listBalanceTransactions',
  ]),
  ...of('paymentMethods', 'PaymentMethods', ['retrieve', 'list', 'attach', 'detach']),
  ...of('events', 'Events', ['retrieve', 'list']),
  ...of('checkout.sessions', 'Checkout/Sessions', ['create', 'list', 'retrieve', 'expire', 'listLineItems']),
  ...of('billingPortal.sessions', 'BillingPortal/Sessions', ['create']),
  ...of('billingPortal.configurations', 'BillingPortal/Configurations', ['create', 'retrieve', 'update', 'list']),
  ...of('setupIntents', 'SetupIntents', ['create', 'retrieve', 'list', 'confirm']),
  ...of('subscriptions', 'Subscriptions', ['create', 'list', 'retrieve', 'update', 'cancel']),
  ...of('subscriptionSchedules', 'SubscriptionSchedules', ['create', 'retrieve', 'list', 'update', 'release']),
  ...of('invoices', 'Invoices', ['create', 'retrieve', 'list', 'createPreview', 'pay', 'finalizeInvoice']),
  ...of('invoiceItems', 'InvoiceItems', ['create']),
  ...of('quotes', 'Quotes', ['create', 'retrieve', 'list', 'finalizeQuote', 'accept', 'pdf']),
  ...of('testHelpers.testClocks', 'TestHelpers/TestClocks', ['create', 'retrieve', 'list', 'advance']),
  ...of('prices', 'Prices', ['retrieve', 'list']),
  ...of('products', 'Products', ['retrieve']),
]

/**
 * The payment sandbox's tables (migration 5). Local only: the sandbox stands in for Stripe's
 * servers, so nothing of the accounts API reads them. Each Stripe object is kept as its JSON, with
 * the columns the sandbox filters on; `private` holds what Stripe knows but never shows (a card's
 * test number, a checkout's line items, pending prorations).
 * Statements are split on ';' by the migration runner: no ';' inside a statement.
 */
export const sandboxSchema = `
  drop table if exists sandbox_invoices;
  drop table if exists sandbox_subscriptions;
  drop table if exists sandbox_sessions;
  drop table if exists sandbox_payment_methods;
  drop table if exists sandbox_customers;
  create table sandbox_objects (
    id text primary key,
    seq bigserial not null unique,
    type text not null,
    customer text,
    subscription text,
    test_clock text,
    data jsonb not null,
    private jsonb not null default '{}'::jsonb
  );
  create index sandbox_objects_by_customer on sandbox_objects (type, customer, seq);
  create index sandbox_objects_by_subscription on sandbox_objects (type, subscription, seq);
  create index sandbox_objects_by_clock on sandbox_objects (type, test_clock);
  create table sandbox_events (
    id text primary key,
    seq bigserial not null unique,
    type text not null,
    data jsonb not null
  );
  create table sandbox_webhook_deliveries (
    event_id text primary key references sandbox_events (id) on delete cascade,
    seq bigint not null,
    status text not null default 'pending',
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    locked_until timestamptz,
    last_status integer,
    last_error text
  );
  create index sandbox_webhook_deliveries_pending on sandbox_webhook_deliveries (status, seq);
  create table sandbox_idempotency_keys (
    key text primary key,
    method text not null,
    path text not null,
    params text not null,
    status integer,
    response text,
    created_at timestamptz not null default now()
  )
`

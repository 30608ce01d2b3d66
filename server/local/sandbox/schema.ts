import type { Database } from '@/server/db/database'
import { runMigrations, type MigrationSet } from '@/server/db/migrations'

/**
 * The payment sandbox's tables, migrated by the local stack (and the tests that start a sandbox),
 * never by the product: the sandbox stands in for Stripe's servers, so nothing of the accounts API
 * reads them. Each Stripe object is kept as its JSON, with the columns the sandbox filters on;
 * `private` holds what Stripe knows but never shows (a card's test number, a checkout's line items,
 * pending prorations). Their versions are recorded in sandbox_migrations, under a lock of their own.
 * Statements are split on ';' by the migration runner: no ';' inside a statement.
 */
export const sandboxMigrations: MigrationSet = {
  table: 'sandbox_migrations',
  /** "sandbx" in ASCII. */
  lock: 0x73616e646278,
  migrations: [
    {
      version: 1,
      // "if not exists": a database the product migrated before version 11 may hold them already.
      name: "the sandbox's objects, events, webhook deliveries and idempotency keys",
      sql: `
        create table if not exists sandbox_objects (
          id text primary key,
          seq bigserial not null unique,
          type text not null,
          customer text,
          subscription text,
          test_clock text,
          data jsonb not null,
          private jsonb not null default '{}'::jsonb
        );
        create index if not exists sandbox_objects_by_customer on sandbox_objects (type, customer, seq);
        create index if not exists sandbox_objects_by_subscription on sandbox_objects (type, subscription, seq);
        create index if not exists sandbox_objects_by_clock on sandbox_objects (type, test_clock);
        create table if not exists sandbox_events (
          id text primary key,
          seq bigserial not null unique,
          type text not null,
          data jsonb not null
        );
        create table if not exists sandbox_webhook_deliveries (
          event_id text primary key references sandbox_events (id) on delete cascade,
          seq bigint not null,
          status text not null default 'pending',
          attempts integer not null default 0,
          next_attempt_at timestamptz not null default now(),
          locked_until timestamptz,
          last_status integer,
          last_error text
        );
        create index if not exists sandbox_webhook_deliveries_pending on sandbox_webhook_deliveries (status, seq);
        create table if not exists sandbox_idempotency_keys (
          key text primary key,
          method text not null,
          path text not null,
          params text not null,
          status integer,
          response text,
          created_at timestamptz not null default now()
        )
      `,
    },
  ],
}

/** Creates (or completes) the sandbox's tables; answers the versions applied. */
export function migrateSandbox(db: Database): Promise<number[]> {
  return runMigrations(db, sandboxMigrations)
}

import type { Database } from './database'

export interface Migration {
  version: number
  name: string
  /** Statements split on ';' (so no ';' inside one); empty for a step that no longer does anything. */
  sql: string
}

/** The schema, one version at a time. Never edit a released migration: add the next one. */
export const migrations: Migration[] = [
  {
    version: 1,
    name: 'accounts, subscriptions and seats',
    sql: `
      create table accounts (
        oid text primary key,
        email text not null,
        first_name text not null default '',
        last_name text not null default '',
        image text not null default '',
        github text not null default '',
        company_name text not null default '',
        country text not null default '',
        address text not null default '',
        city text not null default '',
        state text not null default '',
        zip text not null default '',
        email_announcements boolean not null default true,
        discord_name text,
        discord_connected boolean not null default false,
        allowed_price_id text,
        stripe_customer_id text unique,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create table subscriptions (
        id text primary key,
        owner_oid text not null unique references accounts (oid),
        price_id text not null,
        quantity integer not null check (quantity >= 1),
        stripe_subscription_id text,
        current_period_end timestamptz not null,
        created_at timestamptz not null default now()
      );
      create table seats (
        id text primary key,
        subscription_id text not null references subscriptions (id) on delete cascade,
        license_key text not null unique,
        assignee_first_name text,
        assignee_last_name text,
        assignee_email text,
        assigned_at timestamptz,
        check ((assignee_email is null) = (assigned_at is null))
      );
      create unique index seats_one_per_email on seats (subscription_id, lower(assignee_email)) where assignee_email is not null;
      create index seats_by_assignee on seats (lower(assignee_email)) where assignee_email is not null;
      create table fulfilled_checkouts (
        session_id text primary key,
        fulfilled_at timestamptz not null default now()
      );
    `,
  },
  // Versions 2, 3 and 5 created the payment sandbox's tables (sandbox_*) in every database. The
  // sandbox is local only and now migrates its own tables (server/local/sandbox/schema.ts), so
  // these steps do nothing on a new database; version 11 drops what they made in an older one.
  { version: 2, name: 'payment sandbox', sql: '' },
  { version: 3, name: 'payment sandbox setup intents', sql: '' },
  {
    version: 4,
    name: 'subscriptions follow Stripe: several an owner, status, cancellation, processed events',
    sql: `
      alter table subscriptions drop constraint subscriptions_owner_oid_key;
      create index subscriptions_by_owner on subscriptions (owner_oid);
      create unique index subscriptions_by_stripe_id on subscriptions (stripe_subscription_id);
      alter table subscriptions add column status text not null default 'active';
      alter table subscriptions add column cancel_at_period_end boolean not null default false;
      alter table subscriptions add column stripe_event_at timestamptz;
      create table stripe_events (
        id text primary key,
        type text not null,
        received_at timestamptz not null default now()
      );
    `,
  },
  { version: 5, name: "payment sandbox speaks Stripe's REST API", sql: '' },
  {
    version: 6,
    name: 'rate limits shared by every instance',
    sql: `
      create table rate_limits (
        key text primary key,
        tokens double precision not null,
        at timestamptz not null
      )
    `,
  },
  {
    version: 8,
    name: "activity: who changed an owner's licenses, what and when",
    sql: `
      create table activity (
        id text primary key,
        owner_oid text not null references accounts (oid),
        at timestamptz not null default now(),
        kind text not null,
        actor_oid text,
        actor_name text,
        actor_email text,
        price_id text,
        subject_email text,
        seats integer,
        subscription_id text references subscriptions (id) on delete set null
      );
      create index activity_by_owner on activity (owner_oid, at desc, id desc)
    `,
  },
  {
    version: 9,
    name: 'mail outbox: mail is queued in the transaction that causes it, and sent by a worker in every instance',
    sql: `
      create table mail_outbox (
        id text primary key,
        recipient text not null,
        subject text not null,
        text text not null,
        html text not null,
        created_at timestamptz not null default now(),
        attempts integer not null default 0,
        next_attempt_at timestamptz default now(),
        sent_at timestamptz,
        last_error text,
        dedupe_key text unique
      );
      comment on column mail_outbox.next_attempt_at is 'When a worker may (re)try it (while one sends it: the end of its lease), null once sent or given up';
      create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null
    `,
  },
  {
    version: 10,
    name: 'upgrade attempts: a refused upgrade is not replayed to the next attempt',
    sql: `
      alter table accounts add column upgrade_refusals integer not null default 0;
      comment on column accounts.upgrade_refusals is 'How many upgrades the payment provider refused: part of the next attempt''s idempotency key, since Stripe replays a refusal for as long as its key lives'
    `,
  },
  {
    version: 11,
    name: "the payment sandbox's tables leave the product's database (the local stack migrates them itself)",
    sql: `
      drop table if exists sandbox_webhook_deliveries, sandbox_events, sandbox_idempotency_keys, sandbox_objects
    `,
  },
  {
    version: 12,
    name: 'the instances that are up, which share the rate limits (server/db/instances.ts)',
    sql: `
      create table instances (id text primary key, seen_at timestamptz not null)
    `,
  },
  {
    version: 13,
    name: 'feed tokens for CI, and when the feed last let each seat and token in',
    sql: `
      create table feed_tokens (
        id text primary key,
        subscription_id text not null references subscriptions (id) on delete cascade,
        created_by_oid text not null references accounts (oid),
        name text not null,
        secret_sha256 bytea not null unique,
        last4 text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        last_used_at timestamptz,
        expiry_mailed_at timestamptz,
        expiry_recorded_at timestamptz
      );
      comment on column feed_tokens.secret_sha256 is 'SHA-256 of the secret, which is 256 random bits: a leaked table does not leak a token';
      create index feed_tokens_by_subscription on feed_tokens (subscription_id, created_at desc);
      alter table seats add column last_feed_access_at timestamptz;
      alter table activity add column token_name text
    `,
  },
  {
    version: 14,
    name: 'when each subscription was last read from Stripe, and the jobs one instance runs at a time',
    sql: `
      alter table subscriptions add column stripe_read_at timestamptz;
      comment on column subscriptions.stripe_read_at is 'the database clock when the state stored was asked of Stripe, under the subscription lock: an answer asked for earlier is stale';
      create table job_runs (
        name text primary key,
        holder text,
        lease_until timestamptz,
        started_at timestamptz,
        finished_at timestamptz
      )
    `,
  },
  {
    version: 15,
    name: 'the checkouts the portal opened, which count towards the plan rules until they expire or are fulfilled',
    sql: `
      create table checkouts (
        id text primary key,
        owner_oid text not null references accounts (oid),
        price_id text not null,
        quantity integer not null check (quantity > 0),
        session_id text unique,
        stripe_subscription_id text,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        closed_at timestamptz
      );
      comment on column checkouts.id is 'the idempotency key Stripe made the checkout session under';
      comment on column checkouts.closed_at is 'when Stripe said the checkout expired: it no longer counts';
      create index checkouts_by_owner on checkouts (owner_oid, created_at)
    `,
  },
  {
    version: 16,
    name: 'organisations: members in roles, invitations, ownership transfers, seats bound to their holder, mail counted per organisation',
    sql: `
      create table memberships (
        member_oid text primary key references accounts (oid) on delete cascade,
        org_oid text not null references accounts (oid) on delete cascade,
        role text not null check (role in ('owner', 'billing-manager', 'seat-manager')),
        granted_at timestamptz not null default now()
      );
      comment on table memberships is 'An organisation is keyed by the account that bought first (its billing account), and a person is a member of one organisation at most. An account with no row, whose own organisation has no rows either, is the implicit owner of its own (docs/decisions/0024)';
      create index memberships_by_org on memberships (org_oid, role);
      insert into memberships (member_oid, org_oid, role) select distinct owner_oid, owner_oid, 'owner' from subscriptions;
      create table invitations (
        id text primary key,
        org_oid text not null references accounts (oid) on delete cascade,
        email text not null,
        role text not null check (role in ('owner', 'billing-manager', 'seat-manager')),
        secret_sha256 bytea not null unique,
        invited_by_oid text references accounts (oid) on delete set null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        accepted_at timestamptz,
        revoked_at timestamptz,
        expiry_recorded_at timestamptz
      );
      comment on column invitations.secret_sha256 is 'SHA-256 of the link''s secret (256 random bits): a resend replaces it, so the old link is dead';
      create unique index invitations_open_per_email on invitations (org_oid, lower(email)) where accepted_at is null and revoked_at is null;
      create table ownership_transfers (
        org_oid text primary key references accounts (oid) on delete cascade,
        from_oid text not null references accounts (oid) on delete cascade,
        to_oid text not null references accounts (oid) on delete cascade,
        former_owner_becomes text check (former_owner_becomes in ('billing-manager', 'seat-manager')),
        created_at timestamptz not null default now()
      );
      alter table seats add column holder_oid text references accounts (oid) on delete set null;
      update seats set holder_oid = (select min(oid) from accounts where lower(accounts.email) = lower(seats.assignee_email))
       where assignee_email is not null and (select count(*) from accounts where lower(accounts.email) = lower(seats.assignee_email)) = 1;
      alter table activity add column actor_role text;
      alter table activity add column role text;
      alter table activity add column seat_id text;
      alter table mail_outbox add column org_oid text;
      alter table mail_outbox add column purpose text;
      create index mail_outbox_by_org on mail_outbox (org_oid, created_at) where org_oid is not null
    `,
  },
  {
    version: 17,
    name: "seat reductions scheduled for a subscription's renewal",
    sql: `
      create table renewal_changes (
        subscription_id text primary key references subscriptions (id) on delete cascade,
        seats integer not null check (seats > 0),
        from_price_id text not null,
        from_quantity integer not null,
        takes_effect_at timestamptz not null,
        stripe_schedule_id text not null,
        created_at timestamptz not null default now()
      );
      comment on table renewal_changes is 'fewer seats from the renewal at takes_effect_at, scheduled at Stripe (a subscription schedule), counted while the subscription still has the price, seats and period end it was scheduled from'
    `,
  },
  {
    version: 18,
    name: 'seats found by the identity that holds them',
    // A person's licenses are the seats bound to their oid or assigned to their email (heldBySql):
    // with both indexed, every read finds them without scanning all seats (decision 0027).
    sql: `
      create index seats_by_holder on seats (holder_oid) where holder_oid is not null
    `,
  },
  {
    version: 19,
    name: 'rate limits no longer in the database',
    // Each instance keeps its rate-limit buckets in memory since decision 0019; the table of
    // migration 6 has had no reader or writer since.
    sql: `
      drop table if exists rate_limits
    `,
  },
  {
    version: 20,
    name: "an organisation's mail found by its recipient",
    // The caps (server/kernel/mail-caps.ts) ask, at every assignment and invitation, whether the
    // recipient had mail from the organisation today or has some waiting: found by the index, not by
    // reading each of the organisation's messages (decision 0029).
    sql: `
      create index mail_outbox_by_org_recipient on mail_outbox (org_oid, lower(recipient), created_at) where org_oid is not null
    `,
  },
  {
    version: 21,
    name: 'what each subscription covers in the package feed',
    // docs/feed-coverage.md. paid_until: the end of the last period paid for, what an ended
    // subscription's updates run until (a past-due one's current period is not paid yet: annual
    // plans, so the year before it). feed_rules: the policy table's rule written down for every
    // subscription there is, as it reads today (server/licensing/feed-policy.ts), so a later change
    // of the table never takes back what was bought. feed_releases: the feed's versions and dates.
    sql: `
      alter table subscriptions add column paid_until timestamptz;
      update subscriptions set paid_until = case when status = 'past_due' then current_period_end - interval '1 year' else current_period_end end;
      create table feed_rules (
        subscription_id text primary key references subscriptions (id) on delete cascade,
        packages text[] not null,
        expiry_strategy text not null check (expiry_strategy in ('restrict', 'revoke', 'maintain', 'allow')),
        written_at timestamptz not null default now()
      );
      insert into feed_rules (subscription_id, packages, expiry_strategy)
        select id, case when price_id = 'commercial-plus' then array['Prism.Plus.*'] else array[]::text[] end, 'restrict' from subscriptions;
      create table feed_releases (
        package_id text not null,
        version text not null,
        released_at timestamptz not null,
        backdated_to timestamptz,
        description text not null default '',
        license text,
        dependencies jsonb not null default '[]'::jsonb,
        primary key (package_id, version)
      );
      create unique index feed_releases_by_lower_id on feed_releases (lower(package_id), lower(version))
    `,
  },
  {
    version: 22,
    name: 'a subscription paid by invoice awaits its payment until the due date',
    // Stripe's subscription sent an invoice (collection_method send_invoice) still open: when it is
    // due. Null: nothing awaited (paid, or charged to a card). Decision 0045.
    sql: `
      alter table subscriptions add column payment_due_at timestamptz
    `,
  },
  {
    version: 24,
    name: 'a trial without a card: one per organisation, per company domain and per person',
    // Stripe's trial_end of a subscription (null: never a trial), and the trials started: each
    // organisation, company domain (null for an address at a public mail provider) and person once.
    // Decision 0047.
    sql: `
      alter table subscriptions add column trial_end timestamptz;
      create table trials (
        id text primary key,
        owner_oid text not null unique references accounts(oid) on delete cascade,
        person_oid text not null unique,
        email text not null,
        domain text,
        stripe_subscription_id text not null,
        extended_at timestamptz,
        created_at timestamptz not null default now()
      );
      create unique index trials_by_email on trials (lower(email));
      create unique index trials_by_domain on trials (domain) where domain is not null
    `,
  },
  {
    version: 26,
    name: "feed tokens' scope: packages, networks, a possible leak; their networks and downloads",
    // Issue 47, decision 0049. packages: the patterns the token opens (null: all its subscription
    // covers). max_networks: distinct client networks (IPv4 /24, IPv6 /64) a day (null: any).
    // leak_at: when a network past the limit was first seen (one mail, one activity entry);
    // suspended_at: refused until an owner resumes it, set with leak_at when suspend_on_leak.
    // counted_from: networks seen before it (the last resume) no longer count toward the limit.
    sql: `
      alter table feed_tokens add column packages text[];
      alter table feed_tokens add column max_networks integer check (max_networks > 0);
      alter table feed_tokens add column suspend_on_leak boolean not null default false;
      alter table feed_tokens add column leak_at timestamptz;
      alter table feed_tokens add column suspended_at timestamptz;
      alter table feed_tokens add column counted_from timestamptz not null default '-infinity';
      create table feed_token_networks (
        token_id text not null references feed_tokens (id) on delete cascade,
        network text not null,
        allowed boolean not null,
        first_seen_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        primary key (token_id, network)
      );
      create table feed_token_downloads (
        token_id text not null references feed_tokens (id) on delete cascade,
        package_id text not null,
        version text not null,
        downloads integer not null,
        last_at timestamptz not null default now(),
        primary key (token_id, package_id, version)
      )
    `,
  },
  {
    version: 27,
    name: 'a subscription paid by invoice is invoiced 30 days before it renews',
    // sends_invoices: Stripe collects it by sending invoices (collection_method send_invoice), as
    // each read of it says. renewal_invoices: the invoice of a period to come, made ahead of it
    // (one per subscription and renewal date), and where it stands (open, paid, void). Decision 0056.
    // One awaiting its invoice's payment is paid by invoice; another is marked at its next read.
    sql: `
      alter table subscriptions add column sends_invoices boolean not null default false;
      update subscriptions set sends_invoices = true where payment_due_at is not null;
      create table renewal_invoices (
        subscription_id text not null references subscriptions (id) on delete cascade,
        renews_at timestamptz not null,
        stripe_invoice_id text not null unique,
        number text not null,
        total integer not null,
        due_at timestamptz not null,
        pdf_url text,
        status text not null default 'open',
        created_at timestamptz not null default now(),
        primary key (subscription_id, renews_at)
      )
    `,
  },
  {
    version: 30,
    name: 'the keys of unassigned seats, kept as digests to say why the feed refuses them',
    // Unassigning a seat gives it a new key; its former holder's key is kept as its SHA-256 beside
    // that holder's email, so the feed can say "no longer assigned" to them (decision 0062).
    sql: `
      create table released_seat_keys (
        key_digest bytea primary key,
        seat_id text not null references seats (id) on delete cascade,
        holder_email text not null,
        released_at timestamptz not null default now()
      )
    `,
  },
  {
    version: 23,
    name: 'the quotes an account asked for, and what they quote',
    // Stripe keeps the quote (its number, status, PDF); the portal keeps whose it is, so only its
    // own account reads or accepts it, and what it quotes, which Stripe's list does not say
    // without reading each quote's lines. Decision 0055.
    sql: `
      create table quotes (
        stripe_quote_id text primary key,
        owner_oid text not null references accounts (oid),
        price_id text not null,
        quantity integer not null,
        po_number text not null,
        created_at timestamptz not null default now()
      );
      create index quotes_by_owner on quotes (owner_oid, created_at)
    `,
  },
  {
    version: 31,
    name: 'statistics on the seats emails are looked up by',
    // seats_by_assignee is a partial index, and the planner reads no statistics from a partial
    // index's expression: it guessed 0.5% of all seats for one email and hashed every subscription
    // to join them (the feed's seat check, a person's licenses). With these statistics it expects
    // one seat and walks the keys (at 400 subscriptions the feed's seat check 55 → 13 µs; decision 0072).
    sql: `
      create statistics seats_by_assignee_email on (lower(assignee_email)) from seats;
      analyze seats
    `,
  },
]

/** The advisory lock migrations run under (any fixed number: "prism" in ASCII). */
export const migrationLock = 0x707269736d

/** A list of migrations, the table that records which ran, and the advisory lock they run under. */
export interface MigrationSet {
  table: string
  lock: number
  migrations: Migration[]
}

/** The product's own tables. */
export const productMigrations: MigrationSet = { table: 'schema_migrations', lock: migrationLock, migrations }

/**
 * Brings the database to the latest version, each migration in its own transaction, under an
 * advisory lock: several instances starting together migrate once, the others wait and find it done.
 */
export async function migrate(db: Database): Promise<number[]> {
  return runMigrations(db, productMigrations)
}

/** Applies the migrations of `set` that its table does not list yet; answers their versions. */
export async function runMigrations(db: Database, { table, lock, migrations: list }: MigrationSet): Promise<number[]> {
  return db.withAdvisoryLock(lock, async () => {
    await db.query(`create table if not exists ${table} (version integer primary key, name text not null, applied_at timestamptz not null default now())`)
    const applied = new Set((await db.query<{ version: number }>(`select version from ${table}`)).map((row) => row.version))
    const done: number[] = []
    for (const migration of list) {
      if (applied.has(migration.version)) continue
      await db.transaction(async (tx) => {
        // A migration may take longer than the API's statement timeout (postgres.ts) on a large table.
        await tx.query('set local statement_timeout = 0')
        for (const statement of migration.sql
          .split(';')
          .map((part) => part.trim())
          .filter(Boolean))
          await tx.query(statement)
        await tx.query(`insert into ${table} (version, name) values ($1, $2)`, [migration.version, migration.name])
      })
      done.push(migration.version)
    }
    return done
  })
}

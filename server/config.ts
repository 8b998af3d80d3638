import path from 'node:path';
import { z } from 'zod';
import { endpointRoutes } from '../contract/endpoint-routes';
import { DEFAULT_SHARED_BUFFERS_MB } from './db/pglite-open';
import { projectRoot } from './lib/server-paths';
import type { S3Settings } from './storage/s3-storage';

const bool = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');

/**
 * Every setting, with the text `npm run docs:config` writes into docs/configuration.md (links in
 * the texts are relative to docs/). `defaultText` stands for a default computed from other settings.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development')
    .describe("`development`, `production` or `test`; validated, but Kaleido's own behaviour does not depend on it (the client is always the production build)."),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('HTTP port.'),
  HOST: z.string().default('0.0.0.0').describe('Interface to listen on.'),
  DATA_DIR: z.string().default('./data')
    .describe('PGlite database (`db/`), uploads (`uploads/`), mail outbox (`outbox/`) and upload scratch space (`tmp/`, emptied of crash debris at start-up).'),
  DATABASE_URL: z.string().optional().describe('`postgres://…` switches from PGlite to a PostgreSQL server (same migrations). See [PostgreSQL](operations.md#postgresql).'),
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(DEFAULT_SHARED_BUFFERS_MB)
    .describe("The embedded database's buffer cache (PGlite's `shared_buffers`), held in the app's memory. Its files stay in the system's page cache too; see [decision 039](decisions/039-a-lighter-embedded-database.md). Not used with `DATABASE_URL`."),
  REDIS_URL: z.string().optional()
    .describe("e.g. `redis://127.0.0.1:6379`: several app processes (and workers) share cache invalidations, throttle counters and live events through Redis. Unset: all in this process's memory. See [Running at scale](operations.md#running-at-scale)."),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{1,64}$/).default('kaleido:')
    .describe('Prefix of every Redis key and channel, so deployments (or test runs) can share one Redis.'),
  PUBLIC_URL: z.string().url().optional()
    .meta({ defaultText: '`http://localhost:$PORT`', description: 'The address members use; builds links in mails. With `https://` the session cookie is `Secure`.' }),
  REDIRECT_TO_PUBLIC_URL: bool.default(true)
    .describe('A page opened under another address (the `127.0.0.1` or LAN address the server prints) is redirected to the same path at `PUBLIC_URL`, where signing up works. Requests through a proxy (`X-Forwarded-*`, `Forwarded`, `Via`) are never redirected. See [decision 030](decisions/030-a-newcomers-first-hour.md).'),
  SMTP_URL: z.string().optional().describe('e.g. `smtp://user:pass@mail.example.com:587`; unset writes mails to `DATA_DIR/outbox/`.'),
  MAIL_FROM: z.string().default('Kaleido <no-reply@kaleido.app>').describe('Sender of every mail.'),
  ADMIN_EMAILS: z.string().default('').describe('Comma-separated emails that become admins at sign-up.'),
  REGISTRATION: z.enum(['open', 'waitlist']).default('open')
    .describe("`waitlist`: sign-up also asks 'Why do you want to join?' and the account signs in only once an admin approves it ([Waitlist](features.md#notification-mail-and-the-admin-waitlist))."),
  AD_CLIENT: z.string().optional().describe('Ad network client id; ads stay off when unset.'),
  AUTOTAG: bool.default(true).describe('`off` disables the recognition model (small machines); uploads still work and get colour/orientation tags.'),
  RECOGNITION_THREADS: z.coerce.number().int().min(1).max(16).default(1)
    .describe('Recognition worker threads per process; each holds its own models (about 340 MB more memory), started on its first image. More help on machines with cores to spare.'),
  WORKERS: bool.default(true)
    .describe('The process works its own job queue. `0`/`off`: it only enqueues, and `npm run worker` processes (PostgreSQL only) work the jobs. See [Jobs and workers](operations.md#jobs-and-workers).'),
  TRUST_PROXY: bool.default(false).describe('`on` behind a load balancer, so client IPs (rate limits) and HTTPS are read from `X-Forwarded-*`.'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')
    .describe('`fatal` … `trace`, or `silent`. Cookies, passwords and tokens are never logged.'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10)
    .describe('Failed sign-ins per account *from one address* (or one device) per window before that address gets 429 for that account. Past it from all addresses, strangers are slowed (up to 8 s per attempt) while devices and addresses that signed in before are not, and a right password always gets in (see [Abuse resistance](operations.md#abuse-resistance)). Also the reset mails one inbox receives per window.'),
  AUTH_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).optional()
    .meta({ defaultText: '10 × `AUTH_RATE_LIMIT`', description: 'Per address per window: failed sign-ins (any account), bad reset tokens, sign-ups and forgot-password requests; username checks get three times it. Successful sign-ins never spend it.' }),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600)
    .describe('The throttling window. Counters live in the process, or in Redis with `REDIS_URL` (decisions [007](decisions/007-throttling-and-input.md) and [016](decisions/016-redis-and-scale-out.md)).'),
  AUTH_HASHES_PER_SECOND: z.coerce.number().int().min(1).default(20)
    .describe('argon2 password checks and hashes (sign-in, sign-up) this process does per second at most; a quarter is kept for devices and addresses that signed in before. Past it a sign-in waits up to 2 s, then 429.'),
  WRITE_BUDGET_SCALE: z.coerce.number().positive().default(1)
    .describe('Multiplies every member write budget (messages, comments, folders, invites, likes, follows, uploads…; see [Abuse resistance](operations.md#abuse-resistance)). The tests and benchmarks raise it; keep 1 in production.'),
  // Fractions allowed so tests can make a normal clip "too slow" without a slow test.
  MEDIA_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60)
    .describe('Time limit of each media process on an upload (ffmpeg, the HEIC decoder, the PDF render worker; ffprobe at most 10 s). A file that needs longer is refused with 422; a web rendition that needs longer is not made, and the video can only be downloaded.'),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(120)
    .describe('A request (body included) must arrive within this; also the idle-socket timeout.'),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(15)
    .describe('Request headers must arrive within this (slow-drip clients are cut off).'),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(10).describe('An idle keep-alive connection is closed after this.'),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1000).describe('Open connections at most; further ones are closed at once.'),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).optional().meta({
    defaultText: '¼ × `MAX_CONNECTIONS`',
    description: 'Open connections one client address may hold (further ones are closed as they open); behind `TRUST_PROXY`, requests in flight per forwarded address (further ones get 429).',
  }),
  MAX_IDLE_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).optional().meta({
    defaultText: '1/20 × `MAX_CONNECTIONS` (at least 2)',
    description: 'Idle connections (open, no request in flight) one client address may hold; past that its oldest idle one is closed. When every connection is taken, a new one closes the oldest idle connection of all to get in.',
  }),
  MAX_UPLOADS_PER_ADDRESS: z.coerce.number().int().min(1).default(32)
    .describe('Request bodies one client address may be sending at once; further ones get 429 before a byte of their body is read.'),
  STORAGE: z.enum(['disk', 's3']).default('disk')
    .describe('Where uploaded files live: `disk` (`DATA_DIR/uploads/`) or `s3`, an S3-compatible bucket (see [Files on object storage](operations.md#files-on-object-storage)).'),
  S3_ENDPOINT: z.string().url().optional()
    .describe("The S3 server's URL, e.g. `http://127.0.0.1:9000` (MinIO) or `https://<account>.r2.cloudflarestorage.com`; unset means AWS itself."),
  S3_BUCKET: z.string().min(3).max(63).optional()
    .describe("The bucket, required with `STORAGE=s3`. Kaleido's alone: the start-up sweep deletes objects no row names."),
  S3_REGION: z.string().min(1).default('us-east-1').describe("The bucket's region."),
  S3_ACCESS_KEY_ID: z.string().min(1).optional()
    .describe("Access key, with `S3_SECRET_ACCESS_KEY`: both or neither; neither uses the SDK's default chain (`AWS_*` variables, profile, instance role). Never logged."),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe('Secret key, with `S3_ACCESS_KEY_ID`. Never logged.'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false')
    .describe('`true` puts the bucket in the path (`endpoint/bucket/key`), as MinIO, s3rver and most self-hosted servers need.'),
  // Unset: generated once into DATA_DIR/app-secret (server/lib/app-secret.ts).
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional().meta({
    defaultText: 'generated',
    description: 'At least 32 characters; signs unsubscribe links and seals two-factor secrets. Unset: generated once into `DATA_DIR/app-secret`. Set the same value on every process when scaled out.',
  }),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(5)
    .describe('On SIGTERM/SIGINT, `/readyz` answers 503 for this long while everything else still serves, so a load balancer stops sending before connections close; then the process closes. `0`: close at once. See [Health and metrics](operations.md#health-and-metrics).'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional()
    .describe('`GET /metrics` (Prometheus text) answers only `Authorization: Bearer <this>`; unset: `/metrics` is 404. Never logged. See [Health and metrics](operations.md#health-and-metrics).'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9465)
    .describe('`npm run worker` only: the port of its small listener for `GET /metrics` (with `METRICS_TOKEN`) and `GET /healthz`. The app serves `/metrics` on `PORT`.'),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).optional()
    .describe("Each member's storage for originals, in MB (derived files do not count); an admin can set one member's own quota on their profile. Unset: unlimited. An upload that would pass it is refused with 413. See [Storage quotas](features.md#storage-quotas)."),
  OIDC_ISSUER: z.string().url().optional()
    .describe(`An OpenID Connect provider's issuer URL (authentik, Keycloak, Authelia…): the sign-in screen offers "Continue with {\`OIDC_NAME\`}". Must be \`https://\`. Register \`{PUBLIC_URL}${endpointRoutes.finishSso[1]}\` as the redirect URI. Unset: no single sign-on anywhere ([decision 034](decisions/034-passkeys-two-factor-sso.md)).`),
  OIDC_CLIENT_ID: z.string().min(1).optional()
    .describe('The client registered at the provider; required with `OIDC_ISSUER`.'),
  OIDC_CLIENT_SECRET: z.string().min(1).optional()
    .describe('The client\'s secret, unless it is a public client (PKCE alone). Never logged.'),
  OIDC_NAME: z.string().min(1).max(40).default('SSO').describe('The provider\'s name on the button and in Settings.'),
  OIDC_ALLOW_HTTP: bool.default(false)
    .describe('Tests only: `true` lets an `http://` issuer through (the tests start a provider on 127.0.0.1).'),
  // Unset: generated once into DATA_DIR/vapid-keys.json (server/modules/push/vapid-keys.ts).
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)').optional().meta({
    defaultText: 'generated',
    description: 'The Web Push key pair (VAPID, RFC 8292) that signs every push: `npx web-push generate-vapid-keys` makes one. Unset: generated once into `DATA_DIR/vapid-keys.json`. Set the same pair on every process when scaled out; changing it ends every device\'s subscription.',
  }),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)').optional().describe('The private half of `VAPID_PUBLIC_KEY`, set with it. Never logged or returned.'),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: URL').optional()
    .describe('How a push service reaches the operator (VAPID `sub`). Unset: `mailto:` the first of `ADMIN_EMAILS`, else `PUBLIC_URL` when it is https, else `mailto:admin@localhost`.'),
  PUSH_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(5)
    .describe('Longest a push service may take to answer one push; past it the push is retried later, so a service that hangs cannot hold a worker.'),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool.default(false)
    .describe('Tests only: `true` lets a push subscription name an `http://` endpoint on a loopback or private address (the tests run a push service on 127.0.0.1). Never set it in production: members choose these URLs and the server requests them.'),
})
  .refine((e) => !e.VAPID_PUBLIC_KEY === !e.VAPID_PRIVATE_KEY, { path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together' })
  .refine((e) => !e.OIDC_ISSUER || e.OIDC_CLIENT_ID, { path: ['OIDC_CLIENT_ID'], message: 'required with OIDC_ISSUER' })
  .refine((e) => !e.OIDC_ISSUER || e.OIDC_ISSUER.startsWith('https://') || e.OIDC_ALLOW_HTTP, { path: ['OIDC_ISSUER'], message: 'must be https:// (OIDC_ALLOW_HTTP=true lets http:// through, for tests)' })
  .refine((e) => e.STORAGE !== 's3' || e.S3_BUCKET, { path: ['S3_BUCKET'], message: 'required when STORAGE=s3' })
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, { path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  databaseUrl: string | null;
  /** Several processes share caches' invalidations, throttle counters and live events through it. */
  redisUrl: string | null;
  /** Prefix of every Redis key and channel: deployments (or test runs) sharing a server stay apart. */
  redisPrefix: string;
  pgliteDir: string;
  /** PGlite's `shared_buffers`, in MB. */
  pgliteSharedBuffersMb: number;
  publicUrl: string;
  redirectToPublicUrl: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmails: Set<string>;
  registration: 'open' | 'waitlist';
  adClient: string | null;
  autotag: boolean;
  recognitionThreads: number;
  /** False (WORKERS=0): this process only enqueues; `npm run worker` processes work the jobs. */
  workers: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** Time limit of each media process on an upload (ffmpeg, the PDF worker; ffprobe at most 10 s). */
  mediaTimeoutMs: number;
  /** Failures per account+address, failures and requests per address, both per window (auth.throttle.ts). */
  authThrottle: { accountFailures: number; addressFailures: number; windowSeconds: number; hashesPerSecond: number };
  /** Multiplies every member write budget (1 in production). */
  writeBudgetScale: number;
  /** Slow or idle clients are cut off after these, and at most `maxConnections` are open at once. */
  server: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
    /** Per client address (forwarded behind TRUST_PROXY): connections open, bodies being received. */
    maxConnectionsPerAddress: number;
    maxIdleConnectionsPerAddress: number;
    maxUploadsPerAddress: number;
  };
  /** Upload scratch space; ours alone, so the start-up sweep may empty it. */
  tmpDir: string;
  clientDir: string;
  /** Where stored objects live: `uploadsDir` on disk, or an S3-compatible bucket (STORAGE=s3). */
  storage: { driver: 'disk' } | { driver: 's3'; s3: S3Settings };
  /** APP_SECRET, or null: then `secretFile` holds one generated at the first start. Never logged. */
  appSecret: string | null;
  secretFile: string;
  /** Single sign-on (OIDC_*), or null when OIDC_ISSUER is unset. The client secret is never logged. */
  oidc: { issuer: string; clientId: string; clientSecret: string | null; name: string; allowHttp: boolean } | null;
  /** Web Push (docs/decisions/035): the VAPID pair when set (else generated into `vapidFile`), the contact, limits. */
  push: { publicKey: string | null; privateKey: string | null; subject: string; vapidFile: string; timeoutMs: number; allowPrivateEndpoints: boolean };
  /** A file's likes within this of its last push go as one grouped push when it is up (60 s; tests shorten it). */
  pushGroupWindowSeconds: number;
  /** How long /readyz answers 503 before a shutdown closes the server. */
  shutdownDrainMs: number;
  /** Bearer token of GET /metrics, or null: then /metrics is 404. Never logged. */
  metricsToken: string | null;
  /** The worker's metrics listener. */
  metricsPort: number;
  /** Each member's storage for originals in bytes, unless an admin set their own; null: unlimited. */
  storageQuotaBytes: number | null;
};

/** Reads the environment once at start-up into a typed object; a bad value stops the start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: e.DATABASE_URL || null,
    redisUrl: e.REDIS_URL || null,
    redisPrefix: e.REDIS_PREFIX,
    pgliteDir: path.join(dataDir, 'db'),
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    redirectToPublicUrl: e.REDIRECT_TO_PUBLIC_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    adminEmails: new Set(e.ADMIN_EMAILS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
    registration: e.REGISTRATION,
    adClient: e.AD_CLIENT || null,
    autotag: e.AUTOTAG,
    recognitionThreads: e.RECOGNITION_THREADS,
    workers: e.WORKERS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    mediaTimeoutMs: Math.round(e.MEDIA_TIMEOUT_SECONDS * 1000),
    clientDir: path.join(projectRoot, 'dist', 'client'),
    authThrottle: {
      accountFailures: e.AUTH_RATE_LIMIT,
      // An office behind one router shares an address: ten accounts' worth unless told otherwise.
      addressFailures: e.AUTH_ADDRESS_RATE_LIMIT ?? e.AUTH_RATE_LIMIT * 10,
      windowSeconds: e.AUTH_RATE_WINDOW_SECONDS,
      hashesPerSecond: e.AUTH_HASHES_PER_SECOND,
    },
    writeBudgetScale: e.WRITE_BUDGET_SCALE,
    server: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
      // An office behind one router shares an address: a quarter of the server, not all of it.
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? Math.max(1, Math.floor(e.MAX_CONNECTIONS / 4)),
      maxUploadsPerAddress: e.MAX_UPLOADS_PER_ADDRESS,
      // Idle sockets of a few addresses must never fill the server: far below the total.
      maxIdleConnectionsPerAddress: e.MAX_IDLE_CONNECTIONS_PER_ADDRESS ?? Math.max(2, Math.floor(e.MAX_CONNECTIONS / 20)),
    },
    tmpDir: path.join(dataDir, 'tmp'),
    storage:
      e.STORAGE === 's3'
        ? {
            driver: 's3',
            s3: {
              endpoint: e.S3_ENDPOINT ?? null,
              bucket: e.S3_BUCKET!,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
              forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            },
          }
        : { driver: 'disk' },
    appSecret: e.APP_SECRET || null,
    secretFile: path.join(dataDir, 'app-secret'),
    shutdownDrainMs: Math.round(e.SHUTDOWN_DRAIN_SECONDS * 1000),
    metricsToken: e.METRICS_TOKEN || null,
    metricsPort: e.METRICS_PORT,
    storageQuotaBytes: e.STORAGE_QUOTA_MB ? e.STORAGE_QUOTA_MB * 1024 * 1024 : null,
    oidc: e.OIDC_ISSUER
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET ?? null, name: e.OIDC_NAME, allowHttp: e.OIDC_ALLOW_HTTP }
      : null,
    push: {
      publicKey: e.VAPID_PUBLIC_KEY ?? null,
      privateKey: e.VAPID_PRIVATE_KEY ?? null,
      subject: e.VAPID_SUBJECT ?? vapidSubject(e.ADMIN_EMAILS, e.PUBLIC_URL),
      vapidFile: path.join(dataDir, 'vapid-keys.json'),
      timeoutMs: Math.round(e.PUSH_TIMEOUT_SECONDS * 1000),
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    },
    pushGroupWindowSeconds: 60,
  };
}

/** Who push services may write to about this server's pushes, when VAPID_SUBJECT is unset. */
function vapidSubject(adminEmails: string, publicUrl: string | undefined): string {
  const admin = adminEmails.split(',').map((a) => a.trim()).find(Boolean);
  if (admin) return `mailto:${admin}`;
  if (publicUrl?.startsWith('https://')) return publicUrl.replace(/\/$/, '');
  return 'mailto:admin@localhost';
}

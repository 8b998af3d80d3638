import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from './lib/server-paths';
import type { S3Settings } from './storage/s3-storage';

const bool = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{1,64}$/).default('kaleido:'),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kaleido <no-reply@kaleido.app>'),
  ADMIN_EMAILS: z.string().default(''),
  REGISTRATION: z.enum(['open', 'waitlist']).default('open'),
  AD_CLIENT: z.string().optional(),
  AUTOTAG: bool.default(true),
  /** Recognition worker threads (each holds its own models, about 340 MB). */
  RECOGNITION_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  WORKERS: bool.default(true),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** argon2 checks and hashes this process does per second at most (sign-in, sign-up). */
  AUTH_HASHES_PER_SECOND: z.coerce.number().int().min(1).default(20),
  /** Multiplies every member write budget (server/plugins/write-budgets.ts); tests that hammer raise it. */
  WRITE_BUDGET_SCALE: z.coerce.number().positive().default(1),
  // Fractions allowed so tests can make a normal clip "too slow" without a slow test.
  MEDIA_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(120),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(15),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(10),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1000),
  /** Open connections one client address may hold (requests in flight per forwarded address behind TRUST_PROXY); a quarter of MAX_CONNECTIONS by default. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  /** Request bodies one client address may be sending at once. */
  MAX_UPLOADS_PER_ADDRESS: z.coerce.number().int().min(1).default(32),
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  // Signs unsubscribe links; unset: generated once into DATA_DIR/app-secret (server/lib/app-secret.ts).
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
})
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
  publicUrl: string;
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
  };
}

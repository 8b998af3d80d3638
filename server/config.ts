import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from './lib/server-paths';

const bool = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kaleido <no-reply@kaleido.app>'),
  ADMIN_EMAILS: z.string().default(''),
  REGISTRATION: z.enum(['open', 'waitlist']).default('open'),
  AD_CLIENT: z.string().optional(),
  AUTOTAG: bool.default(true),
  WORKERS: bool.default(true),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  // Fractions allowed so tests can make a normal clip "too slow" without a slow test.
  MEDIA_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  databaseUrl: string | null;
  pgliteDir: string;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmails: Set<string>;
  registration: 'open' | 'waitlist';
  adClient: string | null;
  autotag: boolean;
  /** False (WORKERS=0): this process only enqueues; `npm run worker` processes work the jobs. */
  workers: boolean;
  trustProxy: boolean;
  logLevel: string;
  authRateLimit: { max: number; windowMs: number };
  /** Time limit of each media process on an upload (ffmpeg, the PDF worker; ffprobe at most 10 s). */
  mediaTimeoutMs: number;
  clientDir: string;
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
    pgliteDir: path.join(dataDir, 'db'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    adminEmails: new Set(e.ADMIN_EMAILS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
    registration: e.REGISTRATION,
    adClient: e.AD_CLIENT || null,
    autotag: e.AUTOTAG,
    workers: e.WORKERS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT, windowMs: e.AUTH_RATE_WINDOW_SECONDS * 1000 },
    mediaTimeoutMs: Math.round(e.MEDIA_TIMEOUT_SECONDS * 1000),
    clientDir: path.join(projectRoot, 'dist', 'client'),
  };
}

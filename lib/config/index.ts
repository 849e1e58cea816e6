import path from 'node:path';

/**
 * Every environment variable the server reads, in one place (docs/operations.md, Configuration).
 * Read lazily so build-time imports never depend on the runtime environment.
 */
interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  siteUrl: string;
  siteTimeZone: string;
  recaptcha: {
    siteKey: string | undefined;
    secretKey: string | undefined;
    verifyUrl: string;
    minScore: number;
  };
  demoContent: boolean;
  /** Reverse proxies whose X-Forwarded-For is believed (lib/http/client-address.ts). */
  trustedProxies: string | undefined;
  /** Revisions kept per content row (`REVISIONS_KEEP`); older ones are dropped as new ones are saved. */
  revisionsKeep: number;
  /** Days the audit log keeps an entry (`AUDIT_DAYS`). */
  auditDays: number;
  /** Days a deleted row stays in the trash before it is purged with its uploads (`TRASH_DAYS`). */
  trashDays: number;
  /** Where e-mail is sent (`smtp://user:pass@host:587`, `smtps://…`); unset: no e-mail at all (lib/mail). */
  smtpUrl: string | undefined;
  /** The sender of every e-mail. */
  mailFrom: string;
  /** The most newsletter mails all servers together send a minute (`MAIL_RATE_PER_MINUTE`); 0: no limit. */
  mailRatePerMinute: number;
  /**
   * DKIM signing of every e-mail (`DKIM_DOMAIN`, `DKIM_SELECTOR`, `DKIM_PRIVATE_KEY`: a PEM key, or
   * its `\n`-escaped one-line form); null unless all three are set.
   */
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  /** Where uploaded bytes live (lib/uploads/storage.ts): shared by every app server in the database. */
  uploadStorage: 'database' | 'folder';
  /**
   * The cache tier's purge addresses (`CACHE_PURGE_URLS`, comma-separated http(s) URLs, one per
   * Varnish): every content write sends them a PURGE naming the keys it touched. Empty: no tier.
   */
  cachePurgeUrls: string[];
  /**
   * The server's own secret (`SECRET_KEY`): the key that encrypts the authenticator secrets of
   * accounts with a second factor (lib/content/auth/secret-box.ts). Required once any account has one.
   */
  secretKey: string | undefined;
  /** Seconds an edit lock lasts after its last renewal (`EDIT_LOCK_SECONDS`): a form left open renews it. */
  editLockSeconds: number;
  /**
   * Seconds a server told to stop (SIGTERM) keeps accepting requests while failing /readyz, so the
   * cache tier's health probe notices first (`SHUTDOWN_GRACE_SECONDS`, deploy/varnish/default.vcl);
   * also how long a start waits for the previous process to let go of the embedded database.
   */
  shutdownGraceSeconds: number;
  /**
   * Milliseconds a request waits for a PostgreSQL connection, and each statement of the server takes
   * at most (`DATABASE_TIMEOUT_MS`).
   */
  databaseTimeoutMs: number;
}

/** The shortest SECRET_KEY taken: shorter ones are too easy to guess to protect anything. */
const SECRET_KEY_MIN_LENGTH = 32;

function secretKeyOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < SECRET_KEY_MIN_LENGTH)
    throw new Error(
      `SECRET_KEY must be at least ${SECRET_KEY_MIN_LENGTH} characters long (for example: openssl rand -base64 32).`,
    );
  return value;
}

export const UPLOAD_STORAGES = ['database', 'folder'] as const;

function uploadStorageOf(value: string | undefined, databaseUrl: string | undefined): Config['uploadStorage'] {
  if (value === undefined || value === '') return databaseUrl ? 'database' : 'folder';
  const chosen = value.trim().toLowerCase();
  const storage = UPLOAD_STORAGES.find((known) => known === chosen);
  if (storage) return storage;
  throw new Error(`UPLOAD_STORAGE must be one of ${UPLOAD_STORAGES.join(', ')}, not "${value}".`);
}

function purgeUrlsOf(value: string | undefined): string[] {
  const urls = (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  for (const url of urls) {
    let protocol = '';
    try {
      protocol = new URL(url).protocol;
    } catch {}
    if (protocol !== 'http:' && protocol !== 'https:')
      throw new Error(`CACHE_PURGE_URLS must list http(s) URLs, not "${url}".`);
  }
  return urls;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.trim().toLowerCase());
}

function number(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = number(env.PORT, 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  const siteUrl = (env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    // Chosen at run time by the operator; not a build input (tells Turbopack not to trace it).
    dataDir: path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR || './data'),
    databaseUrl,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    siteUrl,
    siteTimeZone: env.SITE_TIME_ZONE || 'Asia/Taipei',
    recaptcha: {
      siteKey: env.RECAPTCHA_SITE_KEY || undefined,
      secretKey: env.RECAPTCHA_SECRET_KEY || undefined,
      verifyUrl: env.RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify',
      minScore: number(env.RECAPTCHA_MIN_SCORE, 0.5),
    },
    demoContent: flag(env.DEMO_CONTENT, databaseUrl === undefined),
    trustedProxies: env.TRUSTED_PROXIES || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `no-reply@${hostOf(siteUrl)}`,
    mailRatePerMinute: Math.max(0, Math.floor(number(env.MAIL_RATE_PER_MINUTE, 0))),
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
        ? {
            domainName: env.DKIM_DOMAIN,
            keySelector: env.DKIM_SELECTOR,
            privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
          }
        : null,
    uploadStorage: uploadStorageOf(env.UPLOAD_STORAGE, databaseUrl),
    revisionsKeep: Math.max(1, Math.floor(number(env.REVISIONS_KEEP, 50))),
    auditDays: Math.max(1, number(env.AUDIT_DAYS, 400)),
    trashDays: Math.max(0, number(env.TRASH_DAYS, 30)),
    cachePurgeUrls: purgeUrlsOf(env.CACHE_PURGE_URLS),
    secretKey: secretKeyOf(env.SECRET_KEY),
    editLockSeconds: Math.max(1, Math.floor(number(env.EDIT_LOCK_SECONDS, 90))),
    shutdownGraceSeconds: Math.max(0, number(env.SHUTDOWN_GRACE_SECONDS, 5)),
    databaseTimeoutMs: Math.max(100, Math.floor(number(env.DATABASE_TIMEOUT_MS, 5000))),
  };
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= readConfig();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetConfig(): void {
  cached = undefined;
}

import { workerDatabaseUrl } from './helpers/test-databases';

// Tests never read the developer's data folder or real captcha keys.
process.env.SITE_TIME_ZONE = 'Asia/Taipei';
delete process.env.RECAPTCHA_SECRET_KEY;
delete process.env.RECAPTCHA_SITE_KEY;
// …nor send e-mail anywhere but to the SMTP servers the tests start themselves.
delete process.env.SMTP_URL;
delete process.env.MAIL_FROM;
// The server's secret is set by the tests that need one.
delete process.env.SECRET_KEY;
// Each Jest worker has a PostgreSQL database of its own (test/global-setup.ts).
if (process.env.DATABASE_URL && process.env.JEST_WORKER_ID) {
  process.env.DATABASE_URL = workerDatabaseUrl(process.env.DATABASE_URL, process.env.JEST_WORKER_ID);
}

/**
 * What one Playwright worker owns, so workers run side by side (docs/testing.md): its test server's
 * port and the 99 ports above it that specs start more servers on (blocks 200 apart: 3300–3399
 * holds MySQL's 3306, which these machines run), its Varnish and SMTP
 * ports, its PostgreSQL database. Derived from the worker's slot (TEST_PARALLEL_INDEX, 0 to
 * workers − 1) and the run's bases, which E2E_PORT, E2E_VARNISH_PORT, E2E_SMTP_PORT and
 * E2E_DATABASE move so two checkouts can test on one machine at once.
 */
const slot = Number(process.env.TEST_PARALLEL_INDEX) || 0;

export const E2E_PORT = (Number(process.env.E2E_PORT) || 3200) + 200 * slot;
export const E2E_VARNISH_PORT = (Number(process.env.E2E_VARNISH_PORT) || 6081) + slot;
export const E2E_SMTP_PORT = (Number(process.env.E2E_SMTP_PORT) || 2531) + slot;
export const E2E_DATABASE = `${/^[a-z_][a-z0-9_]*$/.test(process.env.E2E_DATABASE ?? '') ? process.env.E2E_DATABASE : 'gonghui_e2e'}_${slot}`;

/** The test servers' SECRET_KEY: for tests only, never a real server's. */
export const E2E_SECRET_KEY = 'e2e-only-secret-key-never-used-in-production-0123456789';

/** The port the production server listens on during the browser tests. */
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 4310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * A test server for images "on another site" (paste-images.spec.ts starts it): a private address,
 * which the server's image import may fetch only because IMAGE_IMPORT_ALLOWED_HOSTS names it.
 * Derived from E2E_PORT so that runs on different ports do not collide.
 */
export const E2E_IMAGE_HOST = `127.0.0.1:${E2E_PORT + 10000}`;
/** The webhook receiver of webhooks.spec.ts: private, allowed only through WEBHOOK_ALLOWED_HOSTS. */
export const E2E_WEBHOOK_HOST = `127.0.0.1:${E2E_PORT + 11000}`;
/** The administrator the test server creates on its new database. */
export const E2E_ADMIN = { email: 'owner@example.com', password: 'e2e-password-123', name: 'Phương' };
/** The variable through which the global setup hands the tests the URL of the server's database. */
export const E2E_DATABASE_URL_ENV = 'E2E_DATABASE_URL';

import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { createDataSource } from '../data-source.js';
import { EmailVerification1763885900000 } from '../migrations/1763885900000-email-verification.js';
import { sqlExecute, sqlOne } from '../sql/typed-query.js';
import { AccountsRepository } from './accounts.repository.js';
import { EmailVerificationRepository } from './email-verification.repository.js';

const HOUR = 3600_000;
const pending = (now = Date.now()) => ({
  tokenHash: randomBytes(32).toString('hex'),
  issuedAt: new Date(now),
  expiresAt: new Date(now + 24 * HOUR),
});

describe('e-mail verification in Postgres (migration, single use under concurrency)', () => {
  let db: DataSource;
  // Each call in its own transaction, as the use cases run them.
  const accounts = {
    byEmail: (email: string) => new AccountsRepository(db.manager).byEmail(email),
    registerByEmail: (...args: Parameters<AccountsRepository['registerByEmail']>) =>
      db.transaction((m) => new AccountsRepository(m).registerByEmail(...args)),
  };
  const verifications = {
    consume: (...args: Parameters<EmailVerificationRepository['consume']>) =>
      db.transaction((m) => new EmailVerificationRepository(m).consume(...args)),
    issueForUnverified: (...args: Parameters<EmailVerificationRepository['issueForUnverified']>) =>
      db.transaction((m) => new EmailVerificationRepository(m).issueForUnverified(...args)),
  };

  beforeAll(async () => {
    db = createDataSource(await createTestDatabase(), 4);
    await db.initialize();
  });
  afterAll(() => db?.destroy());

  it('leaves every account that existed before the migration verified (wallet-only users have no e-mail to verify)', async () => {
    const migration = new EmailVerification1763885900000();
    const runner = db.createQueryRunner();
    try {
      await migration.down(runner);
      await sqlExecute(
        runner.manager,
        `INSERT INTO users (id, email, password_hash, created_at) VALUES ('u-old-mail', 'old@example.com', 'hash', '2025-01-02T03:04:05Z'), ('u-old-wallet', NULL, NULL, now())`,
      );
      await sqlExecute(runner.manager, `INSERT INTO platforms (id, name) VALUES ('p-old', 'old@example.com')`);
      await sqlExecute(runner.manager, `INSERT INTO platform_members (platform_id, user_id, role) VALUES ('p-old', 'u-old-mail', 'owner')`);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const rows = await sqlOne<{ mail: Date | null; wallet: Date | null }>(
      db,
      `SELECT (SELECT email_verified_at FROM users WHERE id = 'u-old-mail') AS mail, (SELECT email_verified_at FROM users WHERE id = 'u-old-wallet') AS wallet`,
    );
    expect(rows).toEqual({ mail: new Date('2025-01-02T03:04:05Z'), wallet: null });
    expect(await accounts.byEmail('old@example.com')).toMatchObject({ userId: 'u-old-mail', emailVerified: true });
  });

  it('lets exactly one of ten concurrent uses of a token verify the account', async () => {
    const token = pending();
    const registered = await accounts.registerByEmail(`race.${Date.now()}@example.com`, 'hash-of-registration', token);
    expect(registered).toBeDefined();
    const results = await Promise.all(Array.from({ length: 10 }, () => verifications.consume(token.tokenHash, new Date())));
    expect(results.filter((r) => r !== undefined)).toEqual([{ userId: registered!.userId }]);
    const user = await sqlOne<{ password_hash: string; verified: boolean }>(
      db,
      `SELECT password_hash, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1`,
      [registered!.userId],
    );
    expect(user).toEqual({ password_hash: 'hash-of-registration', verified: true });
  });

  it('issues no token for a verified or unknown address, nor at a new registration of a verified one', async () => {
    const address = `issued.${Date.now()}@example.com`;
    const first = pending();
    await accounts.registerByEmail(address, 'hash', first);
    expect(await sqlOne(db, `SELECT 1 FROM email_verification_tokens WHERE token_hash = $1`, [first.tokenHash])).toEqual({ '?column?': 1 });
    expect(await verifications.issueForUnverified(address, pending())).toBeDefined();
    await verifications.consume(first.tokenHash, new Date());
    expect(await verifications.issueForUnverified(address, pending())).toBeUndefined();
    expect(await verifications.issueForUnverified(`nobody.${Date.now()}@example.com`, pending())).toBeUndefined();
    expect(await accounts.registerByEmail(address, 'another hash', pending())).toBeUndefined();
  });
});

import { DataSource } from 'typeorm';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { sqlExecute, sqlOne, sqlRows } from './typed-query.js';

/**
 * One test per statement shape: TypeORM's own query() answers [rows, rowCount] for UPDATE and
 * DELETE, which is the slip these helpers exist to rule out.
 */
describe('typed raw queries answer rows for every command', () => {
  let db: DataSource;

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: await createTestDatabase() });
    await db.initialize();
    await db.query('CREATE TABLE typed_query_probe (id int PRIMARY KEY, label text NOT NULL)');
  });
  afterAll(() => db?.destroy());
  beforeEach(() => db.query('TRUNCATE typed_query_probe'));

  const seed = () => sqlExecute(db, `INSERT INTO typed_query_probe (id, label) VALUES (1, 'a'), (2, 'b'), (3, 'c')`);

  it('SELECT: the rows, and an empty array when none match', async () => {
    await seed();
    expect(await sqlRows<{ id: number }>(db, 'SELECT id FROM typed_query_probe WHERE id >= $1 ORDER BY id', [2])).toEqual([
      { id: 2 },
      { id: 3 },
    ]);
    expect(await sqlRows(db, 'SELECT id FROM typed_query_probe WHERE id > 99')).toEqual([]);
    expect(await sqlOne<{ n: string }>(db, 'SELECT count(*)::text AS n FROM typed_query_probe')).toEqual({ n: '3' });
  });

  it('INSERT ... RETURNING: the inserted rows; ON CONFLICT DO NOTHING: none', async () => {
    expect(await sqlRows(db, `INSERT INTO typed_query_probe VALUES (7, 'x') RETURNING id, label`)).toEqual([{ id: 7, label: 'x' }]);
    expect(await sqlRows(db, `INSERT INTO typed_query_probe VALUES (7, 'y') ON CONFLICT (id) DO NOTHING RETURNING id`)).toEqual([]);
  });

  it('UPDATE ... RETURNING: the updated rows, not a [rows, count] tuple', async () => {
    await seed();
    const rows = await sqlRows<{ id: number; label: string }>(
      db,
      `UPDATE typed_query_probe SET label = 'z' WHERE id <= 2 RETURNING id, label`,
    );
    expect(rows.sort((a, b) => a.id - b.id)).toEqual([
      { id: 1, label: 'z' },
      { id: 2, label: 'z' },
    ]);
    // What the helper exists to avoid: TypeORM's own answer for the same shape.
    const raw: unknown = await db.query(`UPDATE typed_query_probe SET label = 'w' WHERE id = 3 RETURNING id`);
    expect(raw).toEqual([[{ id: 3 }], 1]);
  });

  it('DELETE ... RETURNING: the deleted rows, inside a transaction too', async () => {
    await seed();
    const removed = await db.transaction((m) =>
      sqlRows<{ label: string }>(m, 'DELETE FROM typed_query_probe WHERE id > $1 RETURNING label', [1]),
    );
    expect(removed.map((r) => r.label).sort()).toEqual(['b', 'c']);
    expect(await sqlRows(db, 'DELETE FROM typed_query_probe WHERE id = 42 RETURNING id')).toEqual([]);
  });

  it('sqlExecute: the affected row count for INSERT, UPDATE, DELETE without RETURNING', async () => {
    expect(await seed()).toBe(3);
    expect(await sqlExecute(db, `UPDATE typed_query_probe SET label = 'q' WHERE id IN (1, 2)`)).toBe(2);
    expect(await sqlExecute(db, 'DELETE FROM typed_query_probe WHERE id = 3')).toBe(1);
    expect(await sqlExecute(db, 'DELETE FROM typed_query_probe WHERE id = 3')).toBe(0);
  });

  it('a failed statement inside a transaction rolls the transaction back', async () => {
    await seed();
    await expect(
      db.transaction(async (m) => {
        await sqlExecute(m, 'DELETE FROM typed_query_probe');
        await sqlRows(m, 'SELECT * FROM no_such_table');
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await sqlOne<{ n: string }>(db, 'SELECT count(*)::text AS n FROM typed_query_probe')).toEqual({ n: '3' });
  });
});

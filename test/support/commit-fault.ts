import { sqlExecute, sqlOne } from '@payrail/persistence';
import type { DataSource } from 'typeorm';

/** A commit that fails once on demand, as Postgres fails one when a concurrent transaction wins. */
export interface CommitFault {
  /** The next commit that updates a matching row fails once with SQLSTATE 40001. */
  failNextCommit(): Promise<void>;
  /** How many matching commits were tried since the last failNextCommit (the failed one included). */
  tries(): Promise<number>;
}

/**
 * Installs a deferred constraint trigger on `table` that fails a commit with serialization_failure
 * (SQLSTATE 40001) once armed, for rows matching `when` (a condition on NEW, e.g.
 * `NEW.status = 'paid'`). A sequence counts the tries: it is not rolled back with the failing
 * transaction, so "fail once" survives the rollback. Disarmed until failNextCommit().
 */
export async function installCommitFault(db: DataSource, table: string, when = 'TRUE'): Promise<CommitFault> {
  await sqlExecute(db, 'CREATE SEQUENCE commit_faults START WITH 2');
  await sqlExecute(
    db,
    `CREATE FUNCTION fail_commit_once() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF (${when}) AND nextval('commit_faults') = 1 THEN
         RAISE EXCEPTION 'could not serialize access (test fault)' USING ERRCODE = 'serialization_failure';
       END IF;
       RETURN NULL;
     END $$`,
  );
  await sqlExecute(
    db,
    `CREATE CONSTRAINT TRIGGER fail_commit_once AFTER UPDATE ON ${table}
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_commit_once()`,
  );
  return {
    failNextCommit: async () => {
      await sqlExecute(db, 'ALTER SEQUENCE commit_faults RESTART WITH 1');
    },
    tries: async () => Number((await sqlOne<{ last_value: string }>(db, 'SELECT last_value::text FROM commit_faults'))!.last_value),
  };
}

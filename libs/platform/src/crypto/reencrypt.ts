import { EncryptedColumnRepository } from '@payrail/persistence';
import type { DataSource } from 'typeorm';

/** What re-encryption needs of a cipher (FieldCipher, WebhookSecretCipher). */
export interface RowCipher {
  readonly currentKeyId: string;
  encrypt(plaintext: string, rowId: string): string;
  decrypt(stored: string, rowId: string): string;
}

/** An encrypted column; names are fixed by the caller, never user input. */
export interface EncryptedColumn {
  table: string;
  column: string;
  cipher: RowCipher;
}

/**
 * After a key rotation (new key first in the list, old ones kept to decrypt), re-encrypts every
 * value of `column` whose stored key id (`v1:<kid>:...`) is not the current key, in batches,
 * each row locked (`FOR UPDATE SKIP LOCKED`) and rewritten in its batch's transaction, so it can
 * run beside the apps and twice at once. Afterwards the old key can leave the list. Returns how
 * many values were rewritten.
 */
export async function reencryptColumn(db: DataSource, target: EncryptedColumn, batchSize = 200): Promise<number> {
  const { table, column, cipher } = target;
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (m) => {
      const values = new EncryptedColumnRepository(m, table, column);
      const rows = await values.staleValues(cipher.currentKeyId, batchSize);
      for (const row of rows) await values.rewrite(row.id, cipher.encrypt(cipher.decrypt(row.value, row.id), row.id));
      return rows.length;
    });
    total += done;
    if (done < batchSize) return total;
  }
}

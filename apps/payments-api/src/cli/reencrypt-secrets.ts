import type { INestApplicationContext } from '@nestjs/common';
import { FieldCipher, parseCipherKeys, reencryptColumn } from '@payrail/platform';
import { parseEncryptionKeys, WebhookSecretCipher } from '@payrail/webhooks';
import { DataSource } from 'typeorm';
import { AdminEnv } from './admin.env.js';

const pii = (keys: string | undefined, purpose: string) => new FieldCipher(parseCipherKeys(keys, purpose), purpose);

/**
 * `secrets reencrypt`: after putting a new key first in WEBHOOK_ENCRYPTION_KEYS and/or
 * PII_ENCRYPTION_KEYS (old keys kept), rewrites every value still under an old key with the new
 * one. Safe beside the running apps; afterwards the old keys can be removed.
 */
export async function reencryptSecrets(app: INestApplicationContext): Promise<object> {
  const env = app.get(AdminEnv);
  const db = app.get(DataSource);
  const webhook = new WebhookSecretCipher(parseEncryptionKeys(env.WEBHOOK_ENCRYPTION_KEYS));
  return {
    webhookSecrets: await reencryptColumn(db, { table: 'webhook_endpoints', column: 'secret_encrypted', cipher: webhook }),
    // Secrets rotated out but still signing (overlap): same cipher and associated data as the current ones.
    previousWebhookSecrets: await reencryptColumn(db, { table: 'webhook_endpoints', column: 'previous_secret_encrypted', cipher: webhook }),
    payerIdentities: await reencryptColumn(db, {
      table: 'payers',
      column: 'identity_encrypted',
      cipher: pii(env.PII_ENCRYPTION_KEYS, 'payer-identity'),
    }),
    requestCustomerInfo: await reencryptColumn(db, {
      table: 'requests',
      column: 'customer_info_encrypted',
      cipher: pii(env.PII_ENCRYPTION_KEYS, 'request-customer-info'),
    }),
    paymentDetails: await reencryptColumn(db, {
      table: 'payment_details',
      column: 'details_encrypted',
      cipher: pii(env.PII_ENCRYPTION_KEYS, 'payment-details'),
    }),
  };
}

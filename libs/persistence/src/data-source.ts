import { DataSource, type DataSourceOptions } from 'typeorm';
import { OutboxEventEntity } from './entities/outbox-event.entity.js';
import { CreateOutbox1763884800000 } from './migrations/1763884800000-create-outbox.js';
import { CreateTenancy1763885000000 } from './migrations/1763885000000-create-tenancy.js';
import { CreateAccounts1763885100000 } from './migrations/1763885100000-create-accounts.js';
import { ACCOUNT_ENTITIES } from './accounts/accounts.entities.js';
import { CreatePayers1763885300000 } from './migrations/1763885300000-create-payers.js';
import { PayerEntity } from './payers/payer.entity.js';
import { OfframpEntity } from './offramp/offramp.entity.js';
import { PaymentDetailsEntity } from './offramp/payment-details.entity.js';
import { PaymentDetails1763886710000 } from './migrations/1763886710000-payment-details.js';
import { CreateDetection1763885500000 } from './migrations/1763885500000-create-detection.js';
import { TENANCY_ENTITIES } from './tenancy/tenancy.entities.js';
import { CreateRequests1763885400000 } from './migrations/1763885400000-create-requests.js';
import { REQUEST_ENTITIES } from './requests/entities.js';
import { CreateWebhooks1763885200000 } from './migrations/1763885200000-create-webhooks.js';
import { WEBHOOK_ENTITIES } from './webhooks/webhook.entities.js';
import { CreateRecurring1763885600000 } from './migrations/1763885600000-create-recurring.js';
import { RECURRING_ENTITIES } from './recurring/index.js';
import { CreateSecurePayments1763885700000 } from './migrations/1763885700000-create-secure-payments.js';
import { WebhookSecretRotation1763885820000 } from './migrations/1763885820000-webhook-secret-rotation.js';
import { SecurePaymentEntity } from './secure-payments/secure-payment.entity.js';
import { SettlementChecks1763885850000 } from './migrations/1763885850000-settlement-checks.js';
import { EmailVerification1763885900000 } from './migrations/1763885900000-email-verification.js';
import { SecurePaymentPayerViolation1763885950000 } from './migrations/1763885950000-secure-payment-payer-violation.js';
import { PaymentIntents1763886000000 } from './migrations/1763886000000-payment-intents.js';
import { DashboardListIndexes1763886200000 } from './migrations/1763886200000-dashboard-list-indexes.js';
import { EventsApi1763886400000 } from './migrations/1763886400000-events-api.js';
import { DashboardListIndexes21763886300000 } from './migrations/1763886300000-dashboard-list-indexes-2.js';
import { WebhookDurability1763886500000 } from './migrations/1763886500000-webhook-durability.js';
import { OutboxTraceparent1763886537000 } from './migrations/1763886537000-outbox-traceparent.js';
import { PaymentIntentCaps1763886545000 } from './migrations/1763886545000-payment-intent-caps.js';
import { PaymentSearchIndexes1763886560000 } from './migrations/1763886560000-payment-search-indexes.js';
import { LinkIntentExpectedClient1763886600000 } from './migrations/1763886600000-link-intent-expected-client.js';
import { SecurePaymentBatchType1763886705000 } from './migrations/1763886705000-secure-payment-batch-type.js';
import { DepositAddresses1763886800000 } from './migrations/1763886800000-deposit-addresses.js';
import { DepositHeads1763886810000 } from './migrations/1763886810000-deposit-heads.js';
import { PaymentExceptions1763886900000 } from './migrations/1763886900000-payment-exceptions.js';
import { Refunds1763886910000 } from './migrations/1763886910000-refunds.js';
import { Reconciliation1763886930000 } from './migrations/1763886930000-reconciliation.js';
import { ReconciliationBlockIndex1763886935000 } from './migrations/1763886935000-reconciliation-block-index.js';
import { ForwarderRefunds1763887100000 } from './migrations/1763887100000-forwarder-refunds.js';
import { FiatAtSettlement1763887200000 } from './migrations/1763887200000-fiat-at-settlement.js';
import { ExportSchedules1763887210000 } from './migrations/1763887210000-export-schedules.js';
import { RecurringDunning1763887400000 } from './migrations/1763887400000-recurring-dunning.js';
import { RecurringPastDueIndex1763887410000 } from './migrations/1763887410000-recurring-past-due-index.js';
import { TestClocks1763887500000 } from './migrations/1763887500000-test-clocks.js';
import { TestClockSchedulesIndex1763887510000 } from './migrations/1763887510000-test-clock-schedules-index.js';
import { ScaleIndexes1763886524000 } from './migrations/1763886524000-scale-indexes.js';
import { Invoices1763886550000 } from './migrations/1763886550000-invoices.js';
import { FeeConfigs1763886720000 } from './migrations/1763886720000-fee-configs.js';
import { FeeConfigEntity } from './fees/fee-config.entity.js';
import { PayeeDestinations1763886700000 } from './migrations/1763886700000-payee-destinations.js';

/** Every entity, in one list (explicit: no glob loading in an ESM build). */
const ENTITIES = [
  OutboxEventEntity,
  ...TENANCY_ENTITIES,
  ...ACCOUNT_ENTITIES,
  PayerEntity,
  PaymentDetailsEntity,
  OfframpEntity,
  ...WEBHOOK_ENTITIES,
  ...REQUEST_ENTITIES,
  ...RECURRING_ENTITIES,
  SecurePaymentEntity,
  FeeConfigEntity,
];

/** Every migration, in order. Migrations are reviewed files; `synchronize` is always off. */
const MIGRATIONS = [
  CreateOutbox1763884800000,
  CreateTenancy1763885000000,
  CreateAccounts1763885100000,
  CreateWebhooks1763885200000,
  CreatePayers1763885300000,
  CreateRequests1763885400000,
  CreateDetection1763885500000,
  CreateRecurring1763885600000,
  CreateSecurePayments1763885700000,
  WebhookSecretRotation1763885820000,
  SettlementChecks1763885850000,
  EmailVerification1763885900000,
  SecurePaymentPayerViolation1763885950000,
  PaymentIntents1763886000000,
  DashboardListIndexes1763886200000,
  DashboardListIndexes21763886300000,
  EventsApi1763886400000,
  WebhookDurability1763886500000,
  ScaleIndexes1763886524000,
  OutboxTraceparent1763886537000,
  PaymentIntentCaps1763886545000,
  Invoices1763886550000,
  PaymentSearchIndexes1763886560000,
  LinkIntentExpectedClient1763886600000,
  PayeeDestinations1763886700000,
  SecurePaymentBatchType1763886705000,
  PaymentDetails1763886710000,
  FeeConfigs1763886720000,
  DepositAddresses1763886800000,
  DepositHeads1763886810000,
  PaymentExceptions1763886900000,
  Refunds1763886910000,
  Reconciliation1763886930000,
  ReconciliationBlockIndex1763886935000,
  ForwarderRefunds1763887100000,
  FiatAtSettlement1763887200000,
  ExportSchedules1763887210000,
  RecurringDunning1763887400000,
  RecurringPastDueIndex1763887410000,
  TestClocks1763887500000,
  TestClockSchedulesIndex1763887510000,
];

export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: poolSize, application_name: 'payrail' },
  };
}

export function createDataSource(url: string, poolSize = 10): DataSource {
  return new DataSource(dataSourceOptions(url, poolSize));
}

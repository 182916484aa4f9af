import { EndpointRoom } from './endpoint-limits.js';
import { Logger, Module } from '@nestjs/common';
import { BaseEnv, QueuesModule } from '@payrail/platform';
import { WebhookDeliveryOutcomes } from './delivery-outcomes.js';
import { WebhookDeliveryQueue } from './delivery-queue.js';
import { parseEncryptionKeys } from './encryption-keys.js';
import { WebhookSecretCipher } from './secret-cipher.js';
import { type DnsLookup, systemDnsLookup, WEBHOOK_DNS_LOOKUP, WebhookUrlGuard } from './url-guard.js';
import { DeleteWebhook } from './use-cases/delete-webhook.use-case.js';
import { FireTestWebhook } from './use-cases/fire-test-webhook.use-case.js';
import { ListWebhookDeliveries } from './use-cases/list-webhook-deliveries.use-case.js';
import { ListWebhooks } from './use-cases/list-webhooks.use-case.js';
import { RedeliverWebhook } from './use-cases/redeliver-webhook.use-case.js';
import { RegisterWebhook } from './use-cases/register-webhook.use-case.js';
import { RotateWebhookSecret } from './use-cases/rotate-webhook-secret.use-case.js';
import { RecoverWebhookDeliveries } from './use-cases/recover-webhook-deliveries.use-case.js';
import { UpdateWebhookSettings } from './use-cases/update-webhook-settings.use-case.js';
import { SetWebhookActive } from './use-cases/set-webhook-active.use-case.js';
import { ToggleWebhook } from './use-cases/toggle-webhook.use-case.js';
import { webhookSettings, type WebhookSettings } from './webhook-env.js';
import { WEBHOOK_SETTINGS } from './webhook.tokens.js';

const USE_CASES = [
  RegisterWebhook,
  ListWebhooks,
  FireTestWebhook,
  ListWebhookDeliveries,
  RedeliverWebhook,
  RotateWebhookSecret,
  // Platform endpoints toggle and are deleted; orchestrator endpoints are deactivated and reactivated.
  ToggleWebhook,
  DeleteWebhook,
  SetWebhookActive,
  UpdateWebhookSettings,
  RecoverWebhookDeliveries,
];

/**
 * What both webhook surfaces and the dispatcher share: settings, the secret cipher, the URL
 * guard, the delivery queue, and every webhook use case (each API's thin controller calls
 * them). Needs an env schema built with WithWebhookEnv.
 */
@Module({
  imports: [QueuesModule],
  providers: [
    { provide: WEBHOOK_SETTINGS, inject: [BaseEnv], useFactory: webhookSettings },
    {
      provide: WebhookSecretCipher,
      inject: [WEBHOOK_SETTINGS],
      useFactory: (s: WebhookSettings) => {
        if (!s.encryptionKeys)
          new Logger('Webhooks').warn(
            'WEBHOOK_ENCRYPTION_KEYS is not set: using the public local development key (PAYRAIL_ENV=local only)',
          );
        return new WebhookSecretCipher(parseEncryptionKeys(s.encryptionKeys));
      },
    },
    { provide: WEBHOOK_DNS_LOOKUP, useValue: systemDnsLookup },
    {
      provide: WebhookUrlGuard,
      inject: [WEBHOOK_SETTINGS, WEBHOOK_DNS_LOOKUP],
      useFactory: (s: WebhookSettings, lookup: DnsLookup) =>
        new WebhookUrlGuard({ restricted: s.restricted, allowedPorts: s.allowedPorts }, lookup),
    },
    WebhookDeliveryQueue,
    WebhookDeliveryOutcomes,
    EndpointRoom,
    ...USE_CASES,
  ],
  exports: [WEBHOOK_SETTINGS, WebhookSecretCipher, WebhookUrlGuard, WebhookDeliveryQueue, WebhookDeliveryOutcomes, ...USE_CASES],
})
export class WebhooksCoreModule {}

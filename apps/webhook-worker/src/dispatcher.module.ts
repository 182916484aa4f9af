import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { BullmqEventPublisher, QUEUES, QueuesModule } from '@payrail/platform';
import { WebhooksCoreModule } from '@payrail/webhooks';
import { DeliverWebhook } from './delivery/deliver-webhook.use-case.js';
import { AttemptRecorder } from './delivery/record-attempt.js';
import { AttemptSender } from './delivery/send-attempt.js';
import { DeliveryLeases } from './delivery/limits/delivery-lease.js';
import { DeliverySlots } from './delivery/limits/delivery-slots.js';
import { DeliveryStore } from './delivery/delivery-store.js';
import { DisabledEndpointNotice } from './delivery/disabled-endpoint-notice.js';
import { EndpointDisabler } from './delivery/endpoint-disabler.js';
import { RetryPolicy } from './delivery/retry-policy.js';
import { AttemptClaims } from './delivery/limits/attempt-claims.js';
import { EndpointLimiter } from './delivery/limits/endpoint-limiter.js';
import { DeliveryReconciler } from './reconciler/delivery-reconciler.js';
import { ReconcilerLoop } from './reconciler/reconciler-loop.js';
import { WebhookHttpSender } from './delivery/http-sender.js';
import { SecretCache } from './delivery/secret-cache.js';
import { AccessRejectedSuppression } from './fan-out/access-rejected-suppression.js';
import { FanOutEvent } from './fan-out/fan-out-event.use-case.js';
import { FanOutPublisher } from './fan-out/fan-out-publisher.js';
import { FanOutStore } from './fan-out/fan-out-store.js';
import { DomainEventsProcessor } from './fan-out/domain-events.processor.js';
import { WebhookDeliveriesProcessor } from './delivery/webhook-deliveries.processor.js';
import { EndpointDisabledMail } from './fan-out/endpoint-disabled-mail.js';
import { QueueMetrics } from './shared/queue-metrics.js';
import { WebhookMetrics } from './shared/webhook-metrics.js';

/**
 * The webhook dispatcher: fan-out of domain events into deliveries (FanOutPublisher, handed to
 * the outbox relay; DomainEventsProcessor for events on the domain-events queue), and the
 * signed HTTP attempts; the e-mail to the owner of an endpoint it disabled is queued here too.
 */
@Module({
  // The mail queue: owner notices of disabled endpoints, sent by auth-api's mail worker.
  imports: [WebhooksCoreModule, QueuesModule, BullModule.registerQueue({ name: QUEUES.mail })],
  providers: [
    { provide: WebhookHttpSender, useFactory: () => new WebhookHttpSender() },
    DeliveryStore,
    SecretCache,
    AccessRejectedSuppression,
    FanOutStore,
    FanOutEvent,
    BullmqEventPublisher,
    FanOutPublisher,
    DeliverWebhook,
    AttemptSender,
    AttemptRecorder,
    DeliveryLeases,
    DeliverySlots,
    RetryPolicy,
    EndpointLimiter,
    AttemptClaims,
    EndpointDisabler,
    DisabledEndpointNotice,
    EndpointDisabledMail,
    DeliveryReconciler,
    ReconcilerLoop,
    DomainEventsProcessor,
    WebhookDeliveriesProcessor,
    QueueMetrics,
    WebhookMetrics,
  ],
  exports: [FanOutPublisher],
})
export class WebhookDispatcherModule {}

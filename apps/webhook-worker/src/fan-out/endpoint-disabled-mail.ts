import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type PublishedDomainEvent,
  type EndpointDisabledMailJob,
  endpointDisabledMailJobId,
  FAILED_MAIL_RETENTION_SECONDS,
  MAIL_JOBS,
  MAIL_NOTICE_RETENTION_SECONDS,
} from '@payrail/domain';
import { AccountsRepository } from '@payrail/persistence';
import { QUEUES } from '@payrail/platform';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import type { EndpointDisabledMailPayload } from '../shared/endpoint-disabled-event.js';
import { WebhookMetrics } from '../shared/webhook-metrics.js';

export type EndpointDisabledMailResult = { kind: 'mailed'; recipients: number } | { kind: 'not-mailed'; why: 'mail_off' | 'no_address' };

/**
 * Queues the e-mail about a disabled endpoint (ENDPOINT_DISABLED_MAIL_EVENT, relayed from the
 * outbox) on the `mail` queue, one job per owner of the endpoint's platform with a verified
 * address; auth-api's mail worker renders and sends it over SMTP, retrying with back-off. The job
 * id is the outbox row's and the recipient's, and sent jobs are kept MAIL_NOTICE_RETENTION_SECONDS:
 * the event relayed again (a relay or replica killed before its commit, a retried fan-out) queues
 * nothing new, so one disable mails each owner once. Nothing is queued unless MAIL_TRANSPORT=smtp
 * (no worker would send it); an orchestrator's endpoint, or a platform without a verified owner
 * address, gets no mail: logged, and counted in payrail_webhook_disabled_notices_total.
 */
@Injectable()
export class EndpointDisabledMail {
  private readonly logger = new Logger(EndpointDisabledMail.name);

  constructor(
    private readonly db: DataSource,
    @InjectQueue(QUEUES.mail) private readonly queue: Queue<EndpointDisabledMailJob>,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
    private readonly metrics: WebhookMetrics,
  ) {}

  async enqueue(event: PublishedDomainEvent): Promise<EndpointDisabledMailResult> {
    const notice = event.payload as unknown as EndpointDisabledMailPayload;
    const logged = { webhookId: notice.webhookId, outboxId: event.outboxId };
    if (this.env.mailTransport() !== 'smtp') {
      this.metrics.disabledNotice('mail_off');
      this.logger.log(logged, 'disabled endpoint: no e-mail to its owner (MAIL_TRANSPORT is not smtp)');
      return { kind: 'not-mailed', why: 'mail_off' };
    }
    const { clientId } = notice;
    const contacts = notice.platformId ? await new AccountsRepository(this.db.manager).verifiedOwnerContacts(notice.platformId) : null;
    if (!contacts || contacts.owners.length === 0 || clientId === null) {
      this.metrics.disabledNotice('no_address');
      this.logger.warn(
        { ...logged, platformId: notice.platformId, orchestratorId: notice.orchestratorId },
        notice.platformId
          ? 'disabled endpoint: no e-mail sent, its platform has no owner with a verified e-mail address'
          : "disabled endpoint: no e-mail sent, an orchestrator's endpoint (orchestrators have no account address)",
      );
      return { kind: 'not-mailed', why: 'no_address' };
    }
    await this.queue.addBulk(
      contacts.owners.map((owner) => ({
        name: MAIL_JOBS.endpointDisabled,
        data: {
          to: owner.email,
          userId: owner.userId,
          webhookId: notice.webhookId,
          url: notice.url,
          reason: notice.reason,
          failingSince: notice.failingSince,
          disabledAt: notice.disabledAt,
          lastFailure: notice.lastFailure,
          clientId,
          platformName: contacts.platformName,
        },
        opts: {
          jobId: endpointDisabledMailJobId(event.outboxId, owner.userId),
          attempts: this.env.MAIL_RETRY_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.env.MAIL_RETRY_BASE_MS },
          removeOnComplete: { age: MAIL_NOTICE_RETENTION_SECONDS },
          removeOnFail: { age: FAILED_MAIL_RETENTION_SECONDS },
        },
      })),
    );
    this.metrics.disabledNotice('queued', contacts.owners.length);
    this.logger.log({ ...logged, recipients: contacts.owners.map((o) => o.userId) }, 'disabled endpoint: e-mail to its owners queued');
    return { kind: 'mailed', recipients: contacts.owners.length };
  }
}

import { Injectable } from '@nestjs/common';
import { issueWebhookSecret, PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import type { WebhookDto } from '../dto/webhook.dto.js';
import { EndpointRoom } from '../endpoint-limits.js';
import { WebhookSecretCipher } from '../secret-cipher.js';
import { WebhookUrlGuard } from '../url-guard.js';
import { webhookView } from '../views.js';

export interface RegisterWebhookCommand {
  owner: WebhookOwner;
  url: string;
  /** Opt-in extended retry schedule (beyond the interface); default off. */
  extendedRetries?: boolean;
  /** Orchestrators: a URL already registered (active or not) is a 409 (spec: reactivate it instead). */
  rejectDuplicateUrl: boolean;
}

const duplicate = (id?: string) =>
  new PayrailError(
    'CONFLICT',
    `A webhook with this URL is already registered${id ? ` (id ${id})` : ''}; reactivate it instead of registering it again`,
  );

/**
 * Registers an endpoint with a fresh signing secret, returned here once and stored only
 * encrypted, within the owner's endpoint caps (endpoint-limits.ts).
 */
@Injectable()
export class RegisterWebhook {
  constructor(
    private readonly db: DataSource,
    private readonly guard: WebhookUrlGuard,
    private readonly cipher: WebhookSecretCipher,
    private readonly room: EndpointRoom,
  ) {}

  async execute(command: RegisterWebhookCommand): Promise<{ webhook: WebhookDto; secret: string }> {
    const url = await this.guard.checkRegistration(command.url);
    const { owner } = command;
    const secret = issueWebhookSecret();
    const saved = await this.db.transaction(async (manager) => {
      const repo = new WebhookEndpointsRepository(manager);
      if (command.rejectDuplicateUrl) {
        const existing = await repo.findByUrl(owner, url);
        if (existing) throw duplicate(existing.id);
      }
      await this.room.assert(manager, owner, url);
      const id = ulid();
      const inserted = await repo.insert(owner, {
        id,
        url,
        secretEncrypted: this.cipher.encrypt(secret, id),
        extendedRetries: command.extendedRetries ?? false,
      });
      // Unreachable under the owner's lock (checked above); the failed INSERT has aborted the transaction.
      if (inserted === 'duplicate-url') throw duplicate();
      return inserted;
    });
    return { webhook: webhookView(saved), secret };
  }
}

import { Injectable } from '@nestjs/common';
import { issueWebhookSecret, PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import type { WebhookDto } from '../dto/webhook.dto.js';
import { WebhookSecretCipher } from '../secret-cipher.js';
import { WebhookUrlGuard } from '../url-guard.js';
import { webhookView } from '../views.js';

export interface RegisterWebhookCommand {
  owner: WebhookOwner;
  url: string;
  /** Orchestrators: a URL already registered (active or not) is a 409 (spec: reactivate it instead). */
  rejectDuplicateUrl: boolean;
}

const duplicate = (id: string) =>
  new PayrailError('CONFLICT', `A webhook with this URL is already registered (id ${id}); reactivate it instead of registering it again`);

/** Registers an endpoint with a fresh signing secret, returned here once and stored only encrypted. */
@Injectable()
export class RegisterWebhook {
  constructor(
    private readonly db: DataSource,
    private readonly guard: WebhookUrlGuard,
    private readonly cipher: WebhookSecretCipher,
  ) {}

  async execute(command: RegisterWebhookCommand): Promise<{ webhook: WebhookDto; secret: string }> {
    const url = await this.guard.checkRegistration(command.url);
    const repo = new WebhookEndpointsRepository(this.db.manager);
    if (command.rejectDuplicateUrl) {
      const existing = await repo.findByUrl(command.owner, url);
      if (existing) throw duplicate(existing.id);
    }
    const id = ulid();
    const secret = issueWebhookSecret();
    const saved = await repo.insert(command.owner, { id, url, secretEncrypted: this.cipher.encrypt(secret, id) });
    if (saved === 'duplicate-url') {
      const existing = await repo.findByUrl(command.owner, url);
      throw duplicate(existing?.id ?? 'unknown');
    }
    return { webhook: webhookView(saved), secret };
  }
}

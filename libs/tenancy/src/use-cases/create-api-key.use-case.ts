import { Injectable } from '@nestjs/common';
import { issueApiKey, PayrailError } from '@payrail/domain';
import { TenancyRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';

export interface CreateApiKeyCommand {
  platformId: string;
}

/** Issues an API key; the secret is in this answer only (only its hash is stored). */
@Injectable()
export class CreateApiKey {
  constructor(private readonly db: DataSource) {}

  async execute(
    command: CreateApiKeyCommand,
  ): Promise<{ id: string; platformId: string; apiKey: string; prefix: string; createdAt: string }> {
    const repo = new TenancyRepository(this.db.manager);
    const platform = await repo.platform(command.platformId);
    if (!platform) throw new PayrailError('NOT_FOUND', `Platform ${command.platformId} not found`);
    const issued = issueApiKey();
    const saved = await repo.createApiKey(platform.id, issued);
    return {
      id: saved.id,
      platformId: saved.platformId,
      apiKey: issued.secret,
      prefix: saved.prefix,
      createdAt: saved.createdAt.toISOString(),
    };
  }
}

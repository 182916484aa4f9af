import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { TenancyRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';

export interface CreatePlatformCommand {
  name: string;
}

@Injectable()
export class CreatePlatform {
  constructor(private readonly db: DataSource) {}

  async execute(command: CreatePlatformCommand): Promise<{ id: string; name: string; createdAt: string }> {
    const name = command.name.trim();
    if (name.length < 1 || name.length > 200)
      throw new PayrailError('VALIDATION_FAILED', 'name must be 1-200 characters', {
        fields: [{ field: 'name', message: 'must be 1-200 characters' }],
      });
    const platform = await new TenancyRepository(this.db.manager).createPlatform(name);
    return { id: platform.id, name: platform.name, createdAt: platform.createdAt.toISOString() };
  }
}

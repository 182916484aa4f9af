import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PayerEntity, PayersRepository } from '@payrail/persistence';
import type { FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { COMPLIANCE_PROVIDER, type ComplianceProvider } from '../compliance/compliance-provider.js';
import type { RegisterPayerDto } from '../dto/register-payer.dto.js';
import { PAYER_IDENTITY_CIPHER } from '../payer.tokens.js';
import { registeredPayerView } from '../payer.views.js';

/**
 * Registers a platform's payer (or updates the identity of a known one) and opens the
 * provider's hosted KYC and agreement sessions. Personal fields are stored only as
 * AES-256-GCM ciphertext. Registering again answers the same sessions and current status.
 */
@Injectable()
export class RegisterPayer {
  constructor(
    private readonly db: DataSource,
    @Inject(COMPLIANCE_PROVIDER) private readonly provider: ComplianceProvider,
    @Inject(PAYER_IDENTITY_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  async execute(command: { platformId: string; identity: RegisterPayerDto }) {
    const { clientUserId, ...identity } = command.identity;
    const payer = await this.db.transaction(async (m) => {
      const payers = new PayersRepository(m);
      const existing = await payers.byClientUserId(command.platformId, clientUserId, true);
      if (existing) {
        existing.identityEncrypted = this.cipher.encrypt(JSON.stringify(identity), existing.id);
        return payers.save(existing);
      }
      const id = randomUUID();
      const sessions = this.provider.openSessions(id);
      const created = Object.assign(new PayerEntity(), {
        id,
        platformId: command.platformId,
        clientUserId,
        identityEncrypted: this.cipher.encrypt(JSON.stringify(identity), id),
        kycStatus: 'not_started',
        agreementStatus: 'not_started',
        provider: this.provider.name,
        ...sessions,
      });
      // A concurrent first registration of the same payer loses on the unique key and answers the winner's row.
      return payers.insertOrRaced(created);
    });
    return registeredPayerView(payer, this.provider);
  }
}

import { Injectable } from '@nestjs/common';
import { hashWalletAddress, PayrailError, webhookEvent } from '@payrail/domain';
import { appendToOutbox, ClientIdsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import type { ClientIdCaller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { pageReaderOf } from '../creator.js';
import type { UserEventDto } from '../dto/user-event.dto.js';

/**
 * POST /v2/secure-payments/{token}/events: the page reports payer activity; it becomes a
 * secure_payment.user_event through the outbox. The wallet is hashed here and never stored or
 * sent raw. Best-effort signal: accepted for any status, rate limited per Client ID and IP.
 */
@Injectable()
export class RecordUserEvent {
  constructor(private readonly db: DataSource) {}

  async execute({ caller, token, body }: { caller: ClientIdCaller; token: string; body: UserEventDto }): Promise<{ accepted: true }> {
    const reader = pageReaderOf(caller);
    await this.db.transaction(async (m) => {
      const payment = await new SecurePaymentsRepository(m).forReader(reader, token);
      if (!payment) throw new PayrailError('NOT_FOUND', 'Secure payment not found');
      const now = new Date().toISOString();
      const event = webhookEvent(
        'secure_payment.user_event',
        { aggregateType: 'secure_payment', aggregateId: payment.token },
        {
          userEvent: body.userEvent,
          securePaymentToken: payment.token,
          requestId: payment.requestIds[0],
          requestIds: payment.requestIds,
          clientId: await new ClientIdsRepository(m).publicClientId(payment.clientIdId),
          orchestratorId: payment.orchestratorId,
          occurredAt: body.occurredAt ? new Date(body.occurredAt).toISOString() : now,
          timestamp: now,
          properties: {
            payment_type: payment.paymentType,
            ...body.properties,
            ...(body.walletAddress ? { wallet_address_hashed: hashWalletAddress(body.walletAddress) } : {}),
          },
        },
        { platformId: payment.platformId },
      );
      await appendToOutbox(m, [event]);
    });
    return { accepted: true };
  }
}

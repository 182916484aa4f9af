import { Injectable } from '@nestjs/common';
import { CurrencyRegistry, detectAddressKind, isDestinationCurrency } from '@payrail/chains';
import { PayrailError, webhookEvent } from '@payrail/domain';
import { LinkIntentsRepository, PayeeDestinationsRepository, TenancyRepository, appendToOutbox } from '@payrail/persistence';
import type { SessionCaller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { newDestination } from '../../payments/destinations/payee-destination.js';
import { invalidField } from '../../payments/planning/invalid.js';
import type { CompleteLinkIntentDto } from '../dto/link-intent.dto.js';

/**
 * POST /v2/orchestrators/link-intents/{intentId}/complete: the platform (its wallet session, on
 * the hosted onboarding page; an e-mail session, API key or Client ID is 403) links its Client ID to the orchestrator with a payout destination;
 * the link and client_id.linked (delivered to the orchestrator only) are written in one
 * transaction. A direct API link (LinkOrchestrator) emits nothing.
 */
@Injectable()
export class CompleteLinkIntent {
  constructor(
    private readonly db: DataSource,
    private readonly registry: CurrencyRegistry,
  ) {}

  async execute({ caller, intentId, body }: { caller: SessionCaller; intentId: string; body: CompleteLinkIntentDto }) {
    // The platform's owner proves control of its wallet (SIWE) on the hosted page; an e-mail session is not enough.
    if (caller.sessionKind !== 'wallet') throw new PayrailError('FORBIDDEN', 'Link intents are completed with a wallet session');
    const currency = this.registry.byId(body.currency);
    // Payment destinations are USDC or USDT (spec: Networks and currencies); USDT0 and the rest only pay.
    if (!currency || currency.network === 'fiat' || !isDestinationCurrency(currency))
      throw invalidField('currency', 'currency must be a destination token, USDC or USDT, such as USDC-base or USDT-tron');
    const kind = detectAddressKind(body.destinationWalletAddress);
    if (kind !== (currency.network === 'tron' ? 'tron' : 'evm'))
      throw invalidField('destinationWalletAddress', `destinationWalletAddress must be an address on ${currency.network}`);
    // The platform's payee destination for this wallet and token (created, or reactivated), which the Client ID is bound to.
    const destination = newDestination(this.registry, { walletAddress: body.destinationWalletAddress, currency: currency.id });
    return this.db.transaction(async (m) => {
      const intents = new LinkIntentsRepository(m);
      const intent = await intents.lock(intentId);
      if (!intent) throw new PayrailError('NOT_FOUND', 'Link intent not found');
      if (intent.status !== 'open') throw new PayrailError('CONFLICT', 'Link intent is already completed');
      if (intent.expiresAt.getTime() <= Date.now()) throw new PayrailError('CONFLICT', 'Link intent has expired');
      // An intent naming its Client ID is completed by that Client ID only (its platform's session, checked below).
      if (intent.expectedClientId !== null && intent.expectedClientId !== body.clientId)
        throw new PayrailError('FORBIDDEN', 'This link intent is for another Client ID');
      const tenancy = new TenancyRepository(m);
      const client = await tenancy.clientId({ kind: 'platform', platformId: caller.platformId }, { clientId: body.clientId });
      if (!client) throw new PayrailError('NOT_FOUND', 'Client ID not found');
      await tenancy.link(intent.orchestratorId, client.id);
      const destinations = new PayeeDestinationsRepository(m);
      const { destination: stored } = await destinations.upsert({ id: ulid(), platformId: caller.platformId, ...destination });
      await destinations.bindClientId(caller.platformId, client.id, stored.destinationId);
      const linkId = ulid();
      await intents.complete(intent.id, client.id, linkId);
      const event = webhookEvent(
        'client_id.linked',
        { aggregateType: 'link_intent', aggregateId: intent.id },
        {
          clientId: client.clientId,
          orchestratorId: intent.orchestratorId,
          linkId,
          intentId: intent.id,
          externalId: intent.externalId,
          destinationId: stored.destinationId,
          destinationWalletAddress: stored.walletAddress,
          chain: currency.network,
          currency: currency.id,
          timestamp: new Date().toISOString(),
        },
        { platformId: caller.platformId },
      );
      await appendToOutbox(m, [event]);
      return { intentId: intent.id, linkId, clientId: client.clientId, orchestratorId: intent.orchestratorId, linked: true as const };
    });
  }
}

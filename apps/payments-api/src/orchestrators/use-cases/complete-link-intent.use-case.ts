import { Injectable } from '@nestjs/common';
import {
  CurrencyRegistry,
  detectAddressKind,
  evmInteropName,
  isDestinationCurrency,
  NETWORKS,
  parseEvmAddress,
  tronInteropName,
} from '@payrail/chains';
import { PayrailError, webhookEvent } from '@payrail/domain';
import { LinkIntentsRepository, TenancyRepository, appendToOutbox } from '@payrail/persistence';
import type { SessionCaller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
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
    const wallet = kind === 'evm' ? parseEvmAddress(body.destinationWalletAddress)! : body.destinationWalletAddress;
    const interop = kind === 'evm' ? evmInteropName(wallet, NETWORKS[currency.network].chainId) : tronInteropName(wallet);
    const destinationId = currency.address ? `${interop}:${currency.address}` : interop;
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
          destinationId,
          destinationWalletAddress: wallet,
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

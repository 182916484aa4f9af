import { type EntityManager, In } from 'typeorm';
import { RequestEntity } from './request.entity.js';

/**
 * Whose requests a caller may read: the platform's, narrowed to one Client ID when the caller
 * authenticated with that Client ID.
 */
export interface RequestOwner {
  platformId: string;
  clientIdId?: string | null;
}

/** The columns of invoices (and recurring invoice series): optional on insert, every other request takes their defaults. */
export type InvoiceColumns =
  | 'kind'
  | 'isCryptoToFiatAvailable'
  | 'recurrenceFrequency'
  | 'recurrenceStart'
  | 'recurrencePeriod'
  | 'nextPeriodAt'
  | 'isRecurrenceStopped'
  | 'originalRequestId'
  | 'originalRequestPaymentReference';

export type NewRequest = Omit<
  RequestEntity,
  'status' | 'acceptedAmount' | 'amountPaid' | 'feePaid' | 'txHash' | 'paidAt' | 'createdAt' | 'updatedAt' | InvoiceColumns
> &
  Partial<Pick<RequestEntity, InvoiceColumns>>;

function ownedBy(owner: RequestOwner) {
  return owner.clientIdId ? { platformId: owner.platformId, clientIdId: owner.clientIdId } : { platformId: owner.platformId };
}

/** Requests, read only through their owner. */
export class RequestsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Inserts new pending requests in one statement. */
  async insert(requests: NewRequest[]): Promise<void> {
    if (requests.length === 0) return;
    await this.manager
      .createQueryBuilder()
      .insert()
      .into(RequestEntity)
      .values(requests.map((r) => ({ ...r, status: 'pending' as const, amountPaid: 0n, feePaid: 0n })))
      .updateEntity(false)
      .execute();
  }

  byId(owner: RequestOwner, id: string): Promise<RequestEntity | null> {
    return this.manager.findOne(RequestEntity, { where: { id, ...ownedBy(owner) } });
  }

  /** The owner's requests among `ids`, in the order of `ids` (missing ones left out). */
  async byIds(owner: RequestOwner, ids: readonly string[]): Promise<RequestEntity[]> {
    if (ids.length === 0) return [];
    const found = await this.manager.find(RequestEntity, { where: { id: In([...ids]), ...ownedBy(owner) } });
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}

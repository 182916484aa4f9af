import { Injectable } from '@nestjs/common';
import { type AgreementStatus, isCompliant, type KycStatus, kycStatusForRecord } from '@payrail/domain';
import { checkedPageCursor, PayerListingRepository } from '@payrail/persistence';
import { DEFAULT_PAGE_SIZE } from '@payrail/platform';
import { DataSource } from 'typeorm';
import type { ListPayersQueryDto, PayerPageDto } from '../dto/payer-list.dto.js';

/** GET /v2/payers: the platform's payer compliance records with search, newest first; keyset pagination on (created_at, id). */
@Injectable()
export class ListPayers {
  constructor(private readonly db: DataSource) {}

  async execute({ platformId, query }: { platformId: string; query: ListPayersQueryDto }): Promise<PayerPageDto> {
    const page = await new PayerListingRepository(this.db).list(
      platformId,
      {
        search: query.search,
        kycStatus: query.kycStatus === 'completed' ? 'approved' : query.kycStatus,
        agreementStatus: query.agreementStatus,
        compliant: query.isCompliant,
      },
      { cursor: checkedPageCursor(query.cursor, 'uuid'), limit: query.limit ?? DEFAULT_PAGE_SIZE },
    );
    return {
      data: page.rows.map((y) => {
        const state = { kycStatus: y.kyc_status as KycStatus, agreementStatus: y.agreement_status as AgreementStatus };
        return {
          userId: y.id,
          clientUserId: y.client_user_id,
          kycStatus: kycStatusForRecord(state.kycStatus),
          agreementStatus: state.agreementStatus,
          isCompliant: isCompliant(state),
          provider: y.provider,
          createdAt: y.created_at.toISOString(),
          updatedAt: y.updated_at.toISOString(),
        };
      }),
      nextCursor: page.nextCursor,
    };
  }
}

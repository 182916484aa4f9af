import { Inject, Injectable } from '@nestjs/common';
import { effectiveStatus, formatAmount, type SecurePaymentStatus } from '@payrail/domain';
import { checkedPageCursor, type LinkRequestRow, SecurePaymentListingRepository, type SecurePaymentListRow } from '@payrail/persistence';
import { DEFAULT_PAGE_SIZE } from '@payrail/platform';
import { DataSource } from 'typeorm';
import type { ListPaymentLinksQueryDto, PaymentLinkDto, PaymentLinkPageDto, PaymentLinkRequestDto } from '../dto/payment-link-list.dto.js';
import { SECURE_PAYMENT_PAGE_URL } from '../../payments/payments.tokens.js';
import { platformPageClientIdOf, securePaymentUrlOf } from './page-link.js';

export interface ListPaymentLinksCommand {
  platformId: string;
  query: ListPaymentLinksQueryDto;
}

const requestView = (r: LinkRequestRow): PaymentLinkRequestDto => ({
  requestId: r.id,
  network: r.network,
  payee: r.payee,
  status: r.status,
  invoiceCurrency: r.invoice_currency,
  invoiceAmount: formatAmount(BigInt(r.invoice_amount), r.invoice_decimals),
  paymentCurrency: r.payment_currency,
  expectedAmount: formatAmount(BigInt(r.expected_amount), r.currency_decimals),
  amountPaid: formatAmount(BigInt(r.amount_paid), r.currency_decimals),
});

/**
 * GET /v2/secure-payments: the platform's payment links, newest first (keyset on created_at,
 * token), filtered by the status a reader sees and by type; a multicall payout comes with its
 * children in position order, never as rows of their own. Three queries per page whatever its size.
 */
@Injectable()
export class ListPaymentLinks {
  constructor(
    private readonly db: DataSource,
    @Inject(SECURE_PAYMENT_PAGE_URL) private readonly pageUrl: string,
  ) {}

  async execute({ platformId, query }: ListPaymentLinksCommand): Promise<PaymentLinkPageDto> {
    const now = new Date();
    const repo = new SecurePaymentListingRepository(this.db);
    const page = await repo.list(
      platformId,
      { status: query.status, type: query.type, now },
      { cursor: checkedPageCursor(query.cursor, 'ulid'), limit: query.limit ?? DEFAULT_PAGE_SIZE },
    );
    const multicalls = page.rows.filter((r) => r.payment_type === 'multicall').map((r) => r.id);
    const [requests, children, platformClientId] = await Promise.all([
      repo.requests(
        platformId,
        page.rows.flatMap((r) => r.request_ids),
      ),
      repo.children(platformId, multicalls),
      platformPageClientIdOf(platformId, this.db.manager),
    ]);
    const requestById = new Map(requests.map((r) => [r.id, requestView(r)]));
    const view = (row: SecurePaymentListRow): PaymentLinkDto => ({
      token: row.id,
      type: row.payment_type,
      status: effectiveStatus(row.status as SecurePaymentStatus, row.expires_at, now),
      // The same link creation answered: the page needs a Client ID, the platform's when the link has none.
      securePaymentUrl: securePaymentUrlOf(this.pageUrl, row.id, row.client_id ?? platformClientId),
      clientId: row.client_id,
      reference: row.reference,
      redirectUrl: row.redirect_url,
      accessPolicy: row.access_policy,
      expiresAt: row.expires_at.toISOString(),
      completedAt: row.completed_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
      requests: row.request_ids.flatMap((id) => requestById.get(id) ?? []),
      children: children
        .filter((c) => c.parent_token === row.id)
        .map((c) => ({
          token: c.token,
          position: row.request_ids.indexOf(c.request_id),
          status: effectiveStatus(c.status as SecurePaymentStatus, c.expires_at, now),
          request: requestById.get(c.request_id)!,
        }))
        .filter((c) => c.request !== undefined)
        .sort((a, b) => a.position - b.position),
    });
    return { data: page.rows.map(view), nextCursor: page.nextCursor };
  }
}

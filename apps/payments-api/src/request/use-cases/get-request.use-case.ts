import { Inject, Injectable } from '@nestjs/common';
import { exceptionView, maskAddress, type PaymentExceptionView, PayrailError } from '@payrail/domain';
import {
  InvoicesRepository,
  PaymentExceptionsRepository,
  RefundsRepository,
  type RequestEntity,
  RequestsRepository,
  SecurePaymentsRepository,
} from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { DepositInstructions, type DepositView } from '../../payments/chain/deposit-instructions.js';
import { ownerOf } from '../../payments/owner.js';
import { CUSTOMER_INFO_CIPHER } from '../../payments/payments.tokens.js';
import { refundSummary, type RefundSummary } from '../../payments/records/refund-view.js';
import { invoiceRecordFields, type InvoiceRecordFields } from '../invoice-record.view.js';
import { requestView, type RequestView } from '../request.view.js';

/** GET /v2/request/{requestId}: Payrail's fields and Request Network's status record, in one object. */
export type RequestRecordView = RequestView &
  InvoiceRecordFields & { deposit?: DepositView; exceptions: PaymentExceptionView[]; refunds: RefundSummary[] };

/**
 * GET /v2/request/{requestId}: the request's state for its owner only. An API key reads its
 * platform's requests, a Client ID the ones created with it; anything else is 404. A Client ID is
 * public (it ships in checkout pages), so with one the answer carries no customerInfo (null) and,
 * when a secure payment over the request hides its payee (`hidePayeeAddress`), the payee and fee
 * addresses masked as the page masks them; the API key reads everything. A later period of a
 * recurring invoice shows its series' customerInfo and isRecurrenceStopped (held by the first request).
 */
@Injectable()
export class GetRequest {
  constructor(
    private readonly db: DataSource,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
    private readonly deposits: DepositInstructions,
  ) {}

  async execute(command: { caller: Caller; requestId: string }): Promise<RequestRecordView> {
    const request = await new RequestsRepository(this.db.manager).byId(ownerOf(command.caller), command.requestId);
    if (!request) throw new PayrailError('NOT_FOUND', 'Request not found');
    const invoices = new InvoicesRepository(this.db.manager);
    const [payments, root, deposit, exceptions, refunds] = await Promise.all([
      invoices.payments(request),
      invoices.seriesRoot(request),
      this.deposits.of(request),
      new PaymentExceptionsRepository(this.db.manager).ofRequests([request.id]),
      new RefundsRepository(this.db.manager).ofRequest(request.id),
    ]);
    const record = {
      ...invoiceRecordFields(request, payments, root && { isRecurrenceStopped: root.is_recurrence_stopped }),
      refunds: refunds.map(refundSummary),
      ...(deposit ? { deposit } : {}),
      exceptions: exceptions.map(exceptionView),
    };
    if (command.caller.kind !== 'api-key') {
      const hidden = await new SecurePaymentsRepository(this.db.manager).hidesPayeeOf(request.platformId, request.id);
      const view = { ...requestView(request, null), ...record };
      return hidden ? { ...view, payee: maskAddress(view.payee), feeAddress: view.feeAddress && maskAddress(view.feeAddress) } : view;
    }
    return { ...requestView(request, this.customerInfo(request, root)), ...record };
  }

  /** The request's customerInfo, or its series' (a period is issued without its own copy). */
  private customerInfo(request: RequestEntity, root: { id: string; customer_info_encrypted: string | null } | undefined): object | null {
    const [sealed, boundTo] = request.customerInfoEncrypted
      ? [request.customerInfoEncrypted, request.id]
      : [root?.customer_info_encrypted ?? null, root?.id ?? request.id];
    return sealed ? (JSON.parse(this.cipher.decrypt(sealed, boundTo)) as object) : null;
  }
}

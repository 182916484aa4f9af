import { Injectable } from '@nestjs/common';
import { RequestsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { invalidField } from '../../payments/planning/invalid.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import type { PageCommand } from '../access/page-access.js';
import { securePaymentNotFound } from '../access/page-access.js';
import { pageReaderOf } from '../creator.js';
import type { RefreshedStepDto, RefreshStepDto } from '../dto/refresh-step.dto.js';
import { PaySecurePayment } from './pay-secure-payment.use-case.js';

interface Tx {
  to: string;
  data: string;
  value: unknown;
}

const unavailable = (field: string, why: string) => invalidField(field, `Route no longer available: ${why}`);

/**
 * POST /v2/secure-payments/{token}/refresh-step-transaction: one step of the pay route's answer
 * rebuilt now, by the same builders and payer reads as GET /{token}/pay (same query, auth and
 * access rules, same 409 for a payment no longer open): `approval` answers the next approval the
 * funds holder (`eoaWallet`, else `wallet`) still needs, or a null transactionRequest once its
 * allowance covers the payment; `payment` answers the payment (or batch) transaction with the
 * current amounts. A step whose chain or contract no longer matches is 400 "Route no longer
 * available" naming the field. EVM only (Tron transactions are built by the wallet's TronWeb).
 */
@Injectable()
export class RefreshStepTransaction {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
    private readonly pay: PaySecurePayment,
  ) {}

  async execute(command: PageCommand & { body: RefreshStepDto }): Promise<RefreshedStepDto> {
    const { step } = command.body;
    const chainId = await this.chainIdOf(command);
    if (chainId === null) throw unavailable('step.action.toChainId', 'this payment is on Tron, whose transactions the wallet builds');
    if (step.action.toChainId !== chainId) throw unavailable('step.action.toChainId', `this payment runs on chain ${chainId}`);
    const answer = await this.pay.execute(command);
    let tx: Tx | null;
    if ('transactions' in answer) {
      const { metadata, transactions } = answer;
      tx =
        (step.type === 'payment' ? transactions[metadata.paymentTransactionIndex] : metadata.needsApproval ? transactions[0] : null) ??
        null;
    } else {
      tx = step.type === 'payment' ? answer.batchPaymentTransaction : (answer.ERC20ApprovalTransactions[0] ?? null);
    }
    if (tx && tx.to.toLowerCase() !== step.action.toAddress.toLowerCase())
      throw unavailable('step.action.toAddress', `the ${step.type} step now calls ${tx.to}`);
    const { metadata } = answer;
    return {
      step,
      transactionRequest: tx ? { to: tx.to, data: tx.data, value: tx.value, chainId } : null,
      metadata: metadata as unknown as Record<string, unknown>,
    };
  }

  /** The chain id of the payment's network (null on Tron); 404 as the page answers it for an unknown token. */
  private async chainIdOf(command: PageCommand): Promise<number | null> {
    const payment = await new SecurePaymentsRepository(this.db.manager).forReader(pageReaderOf(command.caller), command.token);
    if (!payment) throw securePaymentNotFound();
    const [request] = await new RequestsRepository(this.db.manager).byIds(
      { platformId: payment.platformId },
      payment.requestIds.slice(0, 1),
    );
    if (!request) throw securePaymentNotFound();
    const network = this.planner.fromRecord(request).network;
    return network.kind === 'tron' ? null : network.chainId;
  }
}

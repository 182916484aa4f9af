import type { CurrencyRegistry } from '@payrail/chains';
import { formatAmount, hasBeenPaid, type RequestStatus } from '@payrail/domain';
import type { PaymentSearchRow, PaymentType } from '@payrail/persistence';
import type { FieldCipher } from '@payrail/platform';
import type { CustomerInfoDto } from '../payments/dto/customer-info.dto.js';
import type { SearchedPaymentDto } from './dto/payment-search.dto.js';

/** recurring (a recurring payout's execution), conversion (invoiced in another currency), else direct. */
function typeOf(row: PaymentSearchRow): PaymentType {
  if (row.recurring_payment_id !== null) return 'recurring';
  return row.invoice_currency === row.payment_currency ? 'direct' : 'conversion';
}

/** One row as Request Network's payment object, with Payrail's extensions (payer, payee, block, currency ids). */
export function searchedPaymentView(row: PaymentSearchRow, currencies: CurrencyRegistry, cipher: FieldCipher): SearchedPaymentDto {
  const symbol = (id: string) => currencies.byId(id)?.symbol ?? id.split('-')[0];
  const amount = (units: string) => formatAmount(BigInt(units), row.currency_decimals);
  const customerInfo = row.customer_info_encrypted
    ? (JSON.parse(cipher.decrypt(row.customer_info_encrypted, row.request_id)) as CustomerInfoDto)
    : null;
  const fee = BigInt(row.fee_amount);
  return {
    id: `${row.network}:${row.tx_hash}:${row.log_index}`,
    amount: amount(row.amount),
    sourceNetwork: row.network,
    destinationNetwork: row.network,
    sourceTxHash: row.tx_hash,
    destinationTxHash: null,
    timestamp: row.block_timestamp.toISOString(),
    type: typeOf(row),
    conversionRateSource: null,
    conversionRateDestination: null,
    convertedAmountSource: null,
    convertedAmountDestination: null,
    currency: symbol(row.invoice_currency),
    paymentCurrency: symbol(row.payment_currency),
    fees:
      fee > 0n
        ? [
            {
              type: 'platform',
              stage: 'sending',
              provider: 'payrail',
              amount: amount(row.fee_amount),
              currency: symbol(row.payment_currency),
              receiverAddress: row.fee_address,
              network: row.network,
            },
          ]
        : null,
    recurringPaymentId: row.recurring_payment_id,
    rateProvider: null,
    detectionSource: 'request-network',
    request: {
      requestId: row.request_id,
      paymentReference: row.payment_reference,
      hasBeenPaid: hasBeenPaid(row.status as RequestStatus),
      customerInfo,
      reference: row.reference,
    },
    paymentCurrencyId: row.payment_currency,
    currencyId: row.invoice_currency,
    payer: row.from_address,
    payee: row.to_address,
    blockNumber: row.block_number,
    logIndex: row.log_index,
  };
}

import { ApiProperty } from '@nestjs/swagger';
import { PayoutMetadataDto, PayoutTransactionDto } from '../../payments/dto/payout-responses.dto.js';

/** 200 of GET /v2/request/{requestId}/pay: Request Network's same-chain answer. */
export class PayRequestResponseDto {
  @ApiProperty({
    type: [PayoutTransactionDto],
    description:
      'To sign and send in order: for a token, `approve(feeProxy, amount + fee)` when the allowance is short (preceded by approve(0) for ' +
      'tokens that refuse changing a non-zero allowance), then the fee proxy’s `transferFromWithReferenceAndFee`; for the native currency ' +
      'one call to the native fee proxy with value amount + fee; on Tron, TRC-20 calls. Calldata as Request Network’s encoders build it.',
  })
  transactions!: PayoutTransactionDto[];

  @ApiProperty({ type: PayoutMetadataDto }) metadata!: PayoutMetadataDto;
}

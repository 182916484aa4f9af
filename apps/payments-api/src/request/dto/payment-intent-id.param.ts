import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class PaymentIntentIdParam {
  @ApiProperty({
    description: 'A payment intent id (Request Network issues ULIDs); Payrail issues none',
    example: '01JNZYZPK7B4YBPD44TM72NDNJ',
  })
  @IsString()
  @Length(1, 200)
  paymentIntentId!: string;
}

import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Public, RateLimitClassOf } from '@payrail/platform';
import { EmailDto, VerifyEmailDto } from './dto/account.dto.js';
import { ResendVerification } from './use-cases/resend-verification.use-case.js';
import { VerifyEmail } from './use-cases/verify-email.use-case.js';
import { ApiEmailVerificationController, ApiVerifyEmail, ApiResendVerification } from './email-verification.openapi.js';

/** E-mail ownership: an e-mail account signs in only once the token its registration sent is used. */
@ApiEmailVerificationController()
@Controller('v1/auth/verify-email')
export class EmailVerificationController {
  constructor(
    private readonly verifyEmail: VerifyEmail,
    private readonly resendVerification: ResendVerification,
  ) {}

  @Post()
  @HttpCode(200)
  @Public('e-mail verification: the token is the credential')
  @RateLimitClassOf('ip')
  @ApiVerifyEmail()
  verify(@Body() dto: VerifyEmailDto) {
    return this.verifyEmail.execute(dto);
  }

  @Post('resend')
  @HttpCode(202)
  @Public('asking for a verification e-mail needs no credential')
  @RateLimitClassOf('sign-in')
  @ApiResendVerification()
  resend(@Body() dto: EmailDto) {
    return this.resendVerification.execute(dto);
  }
}

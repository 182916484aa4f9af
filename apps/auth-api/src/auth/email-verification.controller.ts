import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Public, RateLimitClassOf } from '@payrail/platform';
import { EmailDto, VerifyEmailDto } from './dto/account.dto.js';
import { ResendVerification } from './use-cases/resend-verification.use-case.js';
import { VerifyEmail } from './use-cases/verify-email.use-case.js';

/** E-mail ownership: an e-mail account signs in only once the token its registration sent is used. */
@ApiTags('auth')
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
  @ApiOperation({ summary: 'Verify an e-mail address with the single-use token its registration sent; e-mail login works afterwards' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['verified'] } },
      example: { status: 'verified' },
    },
  })
  @ApiBadRequestResponse({ description: 'Not a token, or a token that is unknown, already used or expired (one answer for all)' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests from this client IP; Retry-After says when to try again' })
  verify(@Body() dto: VerifyEmailDto) {
    return this.verifyEmail.execute(dto);
  }

  @Post('resend')
  @HttpCode(202)
  @Public('asking for a verification e-mail needs no credential')
  @RateLimitClassOf('sign-in')
  @ApiOperation({
    summary:
      'Send a new verification token to an unverified account; the same answer whether the address is unknown, verified or unverified',
  })
  @ApiAcceptedResponse({
    schema: {
      type: 'object',
      required: ['status', 'email'],
      properties: { status: { type: 'string', enum: ['accepted'] }, email: { type: 'string', format: 'email' } },
      example: { status: 'accepted', email: 'ada@example.com' },
    },
  })
  @ApiBadRequestResponse({ description: 'Invalid e-mail' })
  @ApiTooManyRequestsResponse({
    description:
      'Too many sign-in requests from this client IP (IPv6: its /64), or too many resends for this address ' +
      '(counted for every address, known or not); Retry-After says when to try again',
  })
  resend(@Body() dto: EmailDto) {
    return this.resendVerification.execute(dto);
  }
}

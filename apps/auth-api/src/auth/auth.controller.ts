import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  ApiAuthErrors,
  Auth,
  CLOCK,
  clearSessionCookie,
  CurrentCaller,
  presentedSessionToken,
  Public,
  RateLimitClassOf,
  SessionStore,
  setSessionCookie,
  type Caller,
  type Clock,
  type Session,
} from '@payrail/platform';
import type { Request, Response } from 'express';
import { CredentialsDto, SessionView } from './dto/account.dto.js';
import { WalletChallengeDto, WalletChallengeResponse, WalletVerifyDto } from './dto/wallet.dto.js';
import { sessionView } from './session.view.js';
import { IssueWalletChallenge } from './use-cases/issue-wallet-challenge.use-case.js';
import { LoginAccount } from './use-cases/login-account.use-case.js';
import { RegisterAccount } from './use-cases/register-account.use-case.js';
import { VerifyWallet } from './use-cases/verify-wallet.use-case.js';

/** The sign-in routes are rate limited per client IP (RateLimitClassOf('ip')). */
const IP_LIMIT = { description: 'Too many requests from this client IP; Retry-After says when to try again' };

@ApiTags('auth')
@Controller('v1/auth')
export class AuthController {
  constructor(
    private readonly issueChallenge: IssueWalletChallenge,
    private readonly verifyWallet: VerifyWallet,
    private readonly register: RegisterAccount,
    private readonly login: LoginAccount,
    private readonly sessions: SessionStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('wallet/challenge')
  @Public('wallet sign-in starts without a credential')
  @RateLimitClassOf('ip')
  @ApiOperation({ summary: 'Request a sign-in challenge (EIP-4361 message) for an EVM or Tron address; valid 5 minutes, single use' })
  @ApiCreatedResponse({ type: WalletChallengeResponse })
  @ApiBadRequestResponse({ description: 'Not an EVM or Tron address' })
  @ApiTooManyRequestsResponse(IP_LIMIT)
  challenge(@Body() dto: WalletChallengeDto) {
    return this.issueChallenge.execute(dto);
  }

  @Post('wallet/verify')
  @HttpCode(200)
  @Public('wallet sign-in: the signature is the credential')
  @RateLimitClassOf('ip')
  @ApiOperation({ summary: 'Verify the signed challenge; sets the session cookie (httpOnly, Secure, SameSite=Lax)' })
  @ApiOkResponse({ type: SessionView, description: 'Also carries `sessionToken` for Authorization: Bearer use' })
  @ApiUnauthorizedResponse({ description: 'Unknown, expired or used challenge, or a signature that does not match (one answer for all)' })
  @ApiTooManyRequestsResponse(IP_LIMIT)
  async verify(@Body() dto: WalletVerifyDto, @Res({ passthrough: true }) res: Response) {
    return this.signedIn(res, await this.verifyWallet.execute(dto));
  }

  @Post('register')
  @Public('account creation needs no credential')
  @RateLimitClassOf('ip')
  @ApiOperation({ summary: 'Create an e-mail/password account (same answer whether or not the e-mail exists)' })
  @ApiCreatedResponse({
    schema: {
      type: 'object',
      required: ['status', 'email'],
      properties: { status: { type: 'string', enum: ['registered'] }, email: { type: 'string', format: 'email' } },
      example: { status: 'registered', email: 'ada@example.com' },
    },
  })
  @ApiBadRequestResponse({ description: 'Invalid e-mail, or password not 8-100 characters' })
  @ApiTooManyRequestsResponse(IP_LIMIT)
  registerAccount(@Body() dto: CredentialsDto) {
    return this.register.execute(dto);
  }

  @Post('login')
  @HttpCode(200)
  @Public('sign-in: the password is the credential')
  @RateLimitClassOf('ip')
  @ApiOperation({ summary: 'Sign in with e-mail and password; starts a 30-day session (cookie)' })
  @ApiOkResponse({ type: SessionView })
  @ApiUnauthorizedResponse({ description: 'Invalid e-mail or password (one answer for both)' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts for the account or the client IP' })
  async loginAccount(@Body() dto: CredentialsDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.signedIn(res, await this.login.execute({ ...dto, ip: req.ip ?? 'unknown' }));
  }

  @Post('logout')
  @HttpCode(200)
  @Public('ends whatever session the request carries')
  @ApiOperation({ summary: 'Delete the session server-side (every replica) and clear the cookie' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['success'],
      properties: { success: { type: 'boolean', enum: [true] } },
      example: { success: true },
    },
  })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const presented = presentedSessionToken(req);
    if (presented) await this.sessions.destroy(presented.token);
    clearSessionCookie(res);
    return { success: true };
  }

  @Get('session')
  @Auth('session')
  @ApiCookieAuth('session_token')
  @ApiOperation({ summary: 'The current session and user (beyond the spec: the dashboard needs it)' })
  @ApiOkResponse({ type: SessionView })
  @ApiAuthErrors('session')
  current(@CurrentCaller() caller: Caller) {
    if (caller.kind !== 'session') throw new Error('session route reached without a session');
    return sessionView(caller, caller.userId);
  }

  private signedIn(res: Response, signedIn: { token: string; session: Session }) {
    setSessionCookie(res, signedIn.token, signedIn.session.expiresAt, this.clock.now());
    return { ...sessionView(signedIn.session, signedIn.session.userId), sessionToken: signedIn.token };
  }
}

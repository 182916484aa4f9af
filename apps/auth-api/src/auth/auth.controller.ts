import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import {
  ApiAuthErrors,
  Auth,
  CLOCK,
  clearSessionCookie,
  cookieSessionToken,
  CurrentCaller,
  presentedSessionToken,
  Public,
  RateLimitClassOf,
  SessionStore,
  setSessionCookie,
  type Clock,
  type Session,
  type SessionCaller,
} from '@payrail/platform';
import type { Request, Response } from 'express';
import { BearerSessionView, CredentialsDto, SessionView, SignInQueryDto } from './dto/account.dto.js';
import { WalletChallengeDto, WalletChallengeResponse, WalletVerifyDto } from './dto/wallet.dto.js';
import { sessionView } from './session.view.js';
import { IssueWalletChallenge } from './use-cases/issue-wallet-challenge.use-case.js';
import { LoginAccount } from './use-cases/login-account.use-case.js';
import { RegisterAccount } from './use-cases/register-account.use-case.js';
import { VerifyWallet } from './use-cases/verify-wallet.use-case.js';

/** Challenge, register and login share one low per-IP limit (RateLimitClassOf('sign-in')); verify has the 'ip' class. */
const SIGN_IN_LIMIT = {
  description: 'Too many sign-in requests from this client IP (IPv6: its /64); Retry-After says when to try again',
};
const SIGNED_IN = {
  description:
    'The session is in the `__Host-session_token` cookie (httpOnly, Secure, SameSite=Lax, Path=/); the body never carries ' +
    'the token, unless `?bearer=true` asked for it (then `sessionToken` is in the body and no cookie is set). A session ' +
    'cookie the request carried is revoked (sign-in rotates the session).',
  schema: { oneOf: [{ $ref: getSchemaPath(SessionView) }, { $ref: getSchemaPath(BearerSessionView) }] },
};

@ApiTags('auth')
@ApiExtraModels(SessionView, BearerSessionView)
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
  @RateLimitClassOf('sign-in')
  @ApiOperation({ summary: 'Request a sign-in challenge (EIP-4361 message) for an EVM or Tron address; valid 5 minutes, single use' })
  @ApiCreatedResponse({ type: WalletChallengeResponse })
  @ApiBadRequestResponse({ description: 'Not an EVM or Tron address' })
  @ApiTooManyRequestsResponse(SIGN_IN_LIMIT)
  challenge(@Body() dto: WalletChallengeDto, @Headers('origin') origin: string | undefined) {
    return this.issueChallenge.execute({ ...dto, origin });
  }

  @Post('wallet/verify')
  @HttpCode(200)
  @Public('wallet sign-in: the signature is the credential')
  @RateLimitClassOf('ip')
  @ApiOperation({ summary: 'Verify the signed challenge; starts a wallet session (15 minutes idle, 12 hours at most)' })
  @ApiOkResponse(SIGNED_IN)
  @ApiBadRequestResponse({ description: 'Invalid body, or `bearer` not true/false' })
  @ApiUnauthorizedResponse({ description: 'Unknown, expired or used challenge, or a signature that does not match (one answer for all)' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests from this client IP; Retry-After says when to try again' })
  async verify(
    @Body() dto: WalletVerifyDto,
    @Query() query: SignInQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.signedIn(res, query, await this.verifyWallet.execute({ ...dto, replacing: cookieSessionToken(req) }));
  }

  @Post('register')
  @Public('account creation needs no credential')
  @RateLimitClassOf('sign-in')
  @ApiOperation({
    summary:
      'Create an e-mail/password account, unverified: a single-use verification token is e-mailed (same answer whether or not the e-mail exists)',
  })
  @ApiCreatedResponse({
    schema: {
      type: 'object',
      required: ['status', 'email'],
      properties: { status: { type: 'string', enum: ['registered'] }, email: { type: 'string', format: 'email' } },
      example: { status: 'registered', email: 'ada@example.com' },
    },
  })
  @ApiBadRequestResponse({ description: 'Invalid e-mail, or password not 8-100 characters' })
  @ApiTooManyRequestsResponse(SIGN_IN_LIMIT)
  registerAccount(@Body() dto: CredentialsDto) {
    return this.register.execute(dto);
  }

  @Post('login')
  @HttpCode(200)
  @Public('sign-in: the password is the credential')
  @RateLimitClassOf('sign-in')
  @ApiOperation({ summary: 'Sign in with e-mail and password; starts a 30-day session' })
  @ApiOkResponse(SIGNED_IN)
  @ApiBadRequestResponse({ description: 'Invalid e-mail or password format, or `bearer` not true/false' })
  @ApiUnauthorizedResponse({ description: 'Invalid e-mail or password (one answer for both)' })
  @ApiForbiddenResponse({ description: 'Right password, but the e-mail address is not verified yet (POST /v1/auth/verify-email)' })
  @ApiTooManyRequestsResponse({
    description:
      'Too many sign-in requests from this client IP, or this account and client IP must wait (back-off after failed attempts); ' +
      'Retry-After says how long',
  })
  async loginAccount(
    @Body() dto: CredentialsDto,
    @Query() query: SignInQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.signedIn(res, query, await this.login.execute({ ...dto, ip: req.ip, replacing: cookieSessionToken(req) }));
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

  @Post('logout-all')
  @HttpCode(200)
  @Auth('session')
  @ApiCookieAuth('__Host-session_token')
  @ApiOperation({
    summary: 'Log out everywhere: delete every session of the signed-in user (all devices, wallet and e-mail) and clear the cookie',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['success', 'revoked'],
      properties: {
        success: { type: 'boolean', enum: [true] },
        revoked: { type: 'integer', minimum: 0, description: 'How many sessions were deleted' },
      },
      example: { success: true, revoked: 3 },
    },
  })
  @ApiAuthErrors(['session'], { cookieWrites: true })
  async logoutAll(@CurrentCaller('session') caller: SessionCaller, @Res({ passthrough: true }) res: Response) {
    const revoked = await this.sessions.destroyAllOf(caller.userId);
    clearSessionCookie(res);
    return { success: true, revoked };
  }

  @Get('session')
  @Auth('session')
  @ApiCookieAuth('__Host-session_token')
  @ApiOperation({ summary: 'The current session and user (beyond the spec: the dashboard needs it)' })
  @ApiOkResponse({ type: SessionView })
  @ApiAuthErrors(['session'])
  current(@CurrentCaller('session') caller: SessionCaller) {
    return sessionView(caller, caller.userId);
  }

  private signedIn(res: Response, query: SignInQueryDto, signedIn: { token: string; session: Session }) {
    const view = sessionView(signedIn.session, signedIn.session.userId);
    if (query.bearer) return { ...view, sessionToken: signedIn.token };
    setSessionCookie(res, signedIn.token, signedIn.session.expiresAt, this.clock.now());
    return view;
  }
}

import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import {
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
import { CredentialsDto, SignInQueryDto } from './dto/account.dto.js';
import { WalletChallengeDto, WalletVerifyDto } from './dto/wallet.dto.js';
import { sessionView } from './session.view.js';
import { IssueWalletChallenge } from './use-cases/issue-wallet-challenge.use-case.js';
import { LoginAccount } from './use-cases/login-account.use-case.js';
import { RegisterAccount } from './use-cases/register-account.use-case.js';
import { VerifyWallet } from './use-cases/verify-wallet.use-case.js';
import {
  ApiAuthController,
  ApiWalletChallenge,
  ApiWalletVerify,
  ApiRegisterAccount,
  ApiLoginAccount,
  ApiLogout,
  ApiLogoutAll,
  ApiCurrentSession,
} from './auth.openapi.js';

@ApiAuthController()
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
  @ApiWalletChallenge()
  challenge(@Body() dto: WalletChallengeDto, @Headers('origin') origin: string | undefined) {
    return this.issueChallenge.execute({ ...dto, origin });
  }

  @Post('wallet/verify')
  @HttpCode(200)
  @Public('wallet sign-in: the signature is the credential')
  @RateLimitClassOf('ip')
  @ApiWalletVerify()
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
  @ApiRegisterAccount()
  registerAccount(@Body() dto: CredentialsDto) {
    return this.register.execute(dto);
  }

  @Post('login')
  @HttpCode(200)
  @Public('sign-in: the password is the credential')
  @RateLimitClassOf('sign-in')
  @ApiLoginAccount()
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
  @ApiLogout()
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const presented = presentedSessionToken(req);
    if (presented) await this.sessions.destroy(presented.token);
    clearSessionCookie(res);
    return { success: true };
  }

  @Post('logout-all')
  @HttpCode(200)
  @Auth('session')
  @ApiLogoutAll()
  async logoutAll(@CurrentCaller('session') caller: SessionCaller, @Res({ passthrough: true }) res: Response) {
    const revoked = await this.sessions.destroyAllOf(caller.userId);
    clearSessionCookie(res);
    return { success: true, revoked };
  }

  @Get('session')
  @Auth('session')
  @ApiCurrentSession()
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

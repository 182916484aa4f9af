import { Module } from '@nestjs/common';
import { REDIS, REDIS_TIME_SHIFT, BaseEnv, type RedisTimeShift } from '@payrail/platform';
import type { Redis } from 'ioredis';
import { AuthApiEnv } from '../config/auth-api.env.js';
import { AuthController } from './auth.controller.js';
import { EmailVerificationController } from './email-verification.controller.js';
import { mailTransportProvider } from './mail/mail-transport.provider.js';
import { ResendLimiter } from './resend-limiter.js';
import { ChallengeStore } from './challenge-store.js';
import { LoginThrottle } from './login-throttle.js';
import { AccountCeiling } from './account-ceiling.js';
import { PasswordHasher } from './password-hasher.js';
import { SignatureVerifier } from './signature-verifier.js';
import { IssueWalletChallenge } from './use-cases/issue-wallet-challenge.use-case.js';
import { LoginAccount } from './use-cases/login-account.use-case.js';
import { RegisterAccount } from './use-cases/register-account.use-case.js';
import { ResendVerification } from './use-cases/resend-verification.use-case.js';
import { VerifyEmail } from './use-cases/verify-email.use-case.js';
import { VerifyWallet } from './use-cases/verify-wallet.use-case.js';

/** Wallet sign-in (SIWE / Tron), e-mail accounts and their verification, sessions. */
@Module({
  controllers: [AuthController, EmailVerificationController],
  providers: [
    {
      provide: ChallengeStore,
      inject: [REDIS, BaseEnv],
      useFactory: (redis: Redis, env: BaseEnv) => new ChallengeStore(redis, env.QUEUE_PREFIX),
    },
    {
      provide: SignatureVerifier,
      inject: [AuthApiEnv],
      useFactory: (env: AuthApiEnv) => new SignatureVerifier(env.SIWE_DOMAIN, env.SIWE_RPC_URL),
    },
    { provide: PasswordHasher, useFactory: () => new PasswordHasher() },
    mailTransportProvider,
    {
      provide: ResendLimiter,
      inject: [REDIS, AuthApiEnv, REDIS_TIME_SHIFT],
      useFactory: (redis: Redis, env: AuthApiEnv, shift: RedisTimeShift) =>
        new ResendLimiter(
          redis,
          env.QUEUE_PREFIX,
          { perWindow: env.EMAIL_RESEND_PER_ADDRESS, windowMs: env.EMAIL_RESEND_WINDOW_SECONDS * 1000 },
          shift,
        ),
    },
    {
      provide: AccountCeiling,
      inject: [REDIS, AuthApiEnv, REDIS_TIME_SHIFT],
      useFactory: (redis: Redis, env: AuthApiEnv, shift: RedisTimeShift) =>
        new AccountCeiling(
          redis,
          env.QUEUE_PREFIX,
          { maxFailures: env.LOGIN_ACCOUNT_MAX_FAILURES, windowMs: env.LOGIN_ACCOUNT_WINDOW_SECONDS * 1000, knownForMs: 90 * 86400 * 1000 },
          shift,
        ),
    },
    {
      provide: LoginThrottle,
      inject: [REDIS, AuthApiEnv, REDIS_TIME_SHIFT],
      useFactory: (redis: Redis, env: AuthApiEnv, shift: RedisTimeShift) =>
        new LoginThrottle(
          redis,
          env.QUEUE_PREFIX,
          {
            freeAttempts: env.LOGIN_FREE_ATTEMPTS,
            baseMs: env.LOGIN_BACKOFF_BASE_MS,
            maxMs: env.LOGIN_BACKOFF_MAX_SECONDS * 1000,
            forgetMs: env.LOGIN_THROTTLE_WINDOW_SECONDS * 1000,
          },
          shift,
        ),
    },
    IssueWalletChallenge,
    VerifyWallet,
    RegisterAccount,
    LoginAccount,
    VerifyEmail,
    ResendVerification,
  ],
})
export class AuthModule {}

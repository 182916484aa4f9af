import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min, ValidateBy, type ValidationArguments } from 'class-validator';
import type { BaseEnv } from './env.js';

// TypeScript requires a mixin base to take `...args: any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = new (...args: any[]) => T;

export const MAIL_TRANSPORTS = ['log', 'outbox', 'smtp', 'none'] as const;
export type MailTransportName = (typeof MAIL_TRANSPORTS)[number];

/** What the mail queue's producers (auth-api, webhook-worker) read. */
export interface MailQueueEnvFields {
  MAIL_TRANSPORT?: MailTransportName;
  MAIL_RETRY_ATTEMPTS: number;
  MAIL_RETRY_BASE_MS: number;
  mailTransport(): MailTransportName;
}

/**
 * Adds the mail variables both producers of the `mail` queue share: auth-api (verification
 * mails; with MAIL_TRANSPORT=smtp its mail worker sends every mail of the queue) and the
 * webhook-worker (the endpoint-disabled notice to the owner, queued only with MAIL_TRANSPORT=smtp,
 * since only then does a worker consume the queue).
 */
export function WithMailQueueEnv<TBase extends Ctor<BaseEnv>>(Base: TBase) {
  class MailQueueEnv extends Base implements MailQueueEnvFields {
    /**
     * Where e-mail goes. `smtp`: through the SMTP server of SMTP_URL or SMTP_HOST (queued, retried
     * with back-off; TLS required outside PAYRAIL_ENV=local), auth-api's mail worker sending; `log`:
     * a verification token is printed to the log (PAYRAIL_ENV=local only); `outbox`: one JSON file
     * per verification mail in MAIL_OUTBOX_DIR (tests read it; a mail relay can pick the files up);
     * `none`: nothing is sent (a warning without the token is logged). Unset: `log` when
     * PAYRAIL_ENV=local, `none` elsewhere. Only `smtp` sends the owner notices of the webhook-worker.
     */
    @IsOptional()
    @IsIn(MAIL_TRANSPORTS)
    @ValidateBy({
      name: 'logOnlyLocally',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => value !== 'log' || (args?.object as BaseEnv).PAYRAIL_ENV === 'local',
        defaultMessage: () => 'log prints verification tokens to the log: it is allowed only with PAYRAIL_ENV=local',
      },
    })
    MAIL_TRANSPORT?: MailTransportName;

    /**
     * A mail the SMTP server did not take is retried by the mail queue, MAIL_RETRY_ATTEMPTS times in
     * all, the n-th retry MAIL_RETRY_BASE_MS × 2^(n-1) after the failure (defaults: 10 attempts over
     * about 8.5 hours, within the token's lifetime).
     */
    @Type(() => Number) @IsInt() @Min(1) @Max(50) MAIL_RETRY_ATTEMPTS: number = 10;
    @Type(() => Number) @IsInt() @Min(100) @Max(3600000) MAIL_RETRY_BASE_MS: number = 30000;

    /** The mail transport in effect (MAIL_TRANSPORT, or its default for PAYRAIL_ENV). */
    mailTransport(): MailTransportName {
      return this.MAIL_TRANSPORT ?? (this.PAYRAIL_ENV === 'local' ? 'log' : 'none');
    }
  }
  return MailQueueEnv;
}

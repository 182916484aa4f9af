import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { WithChainEnv, type EvmNetwork } from '@payrail/chains';
import { BaseEnv } from '@payrail/platform';
import { IsWsRpcUrls, parseWsRpcUrls } from './ws-rpc-urls.js';

/** Confirmations before a payment settles, per network (override with CHAIN_CONFIRMATIONS). */
const DEFAULT_CONFIRMATIONS: Record<string, number> = {
  mainnet: 12,
  base: 10,
  optimism: 10,
  'arbitrum-one': 20,
  matic: 64,
  bsc: 15,
  sepolia: 3,
};

/** chain-worker configuration: payment detection and recurring execution. */
export class ChainWorkerEnv extends WithChainEnv(BaseEnv) {
  override PORT = 8083;

  @Transform(({ value }: { value: unknown }) => (value === undefined ? true : value === true || value === 'true'))
  @IsBoolean()
  DETECTION_ENABLED: boolean = true;

  /** How often each network is polled when it is caught up (anvil blocks every second locally). */
  @Type(() => Number) @IsInt() @Min(50) @Max(60000) DETECTION_POLL_INTERVAL_MS: number = 500;

  /**
   * `network=ws(s)://url` pairs, comma-separated, e.g. `sepolia=ws://127.0.0.1:8545`: a WebSocket
   * endpoint whose new heads (eth_subscribe newHeads) wake the network's detection at once. Polling
   * stays on as the fallback and for catch-up; every read still goes to RPC_URL_<NETWORK>.
   */
  @IsOptional() @IsWsRpcUrls() WS_RPC_URLS?: string;

  /**
   * Payment intents: how often the head is read while a network has intents to watch. Receipts
   * are read once per new block (one batch for every watched intent), never more often.
   */
  @Type(() => Number) @IsInt() @Min(50) @Max(60000) INTENT_POLL_INTERVAL_MS: number = 500;

  /**
   * Payment intents: checks (eth_getTransactionByHash on arrival, then one per new block) before a
   * hash the node does not know is dropped (outcome `unknown_transaction`).
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(20) INTENT_UNKNOWN_CHECKS: number = 3;

  /** Payment intents: new blocks a transaction the node knows is awaited before its intent ends `not_mined`. */
  @Type(() => Number) @IsInt() @Min(1) @Max(10000) INTENT_WATCH_BLOCKS: number = 60;

  /**
   * Payment intents: RPC calls per second per network (every replica together, through Redis), a
   * budget apart from detection's calls, which never wait on it. Calls past it wait for the next block.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(10000) INTENT_RPC_PER_SECOND: number = 40;

  /** Largest eth_getLogs block range. */
  @Type(() => Number) @IsInt() @Min(1) @Max(100000) DETECTION_MAX_RANGE: number = 500;

  /** A network followed for the first time starts this many blocks behind its head. */
  @Type(() => Number) @IsInt() @Min(0) @Max(10000000) DETECTION_BACKFILL_BLOCKS: number = 1000;

  /** `network:n` pairs, comma-separated, e.g. `sepolia:0,base:5`. Defaults: 0 everywhere when PAYRAIL_ENV=local, else per network. */
  @IsString()
  @Matches(/^([a-z-]+:\d{1,4}(,[a-z-]+:\d{1,4})*)?$/, { message: 'must be network:n pairs, comma-separated' })
  CHAIN_CONFIRMATIONS: string = '';

  /** Recurring payments: execute due payments through the recurring proxy (needs RELAYER_PRIVATE_KEY). */
  @Transform(({ value }: { value: unknown }) => (value === undefined ? true : value === true || value === 'true'))
  @IsBoolean()
  RECURRING_ENABLED: boolean = true;

  /** The relayer's key (RELAYER_ROLE on the recurring proxy; pays the gas). Secret. Unset: no execution. */
  @IsOptional()
  @Matches(/^0x[0-9a-fA-F]{64}$/, { message: 'must be 0x + 64 hex' })
  RELAYER_PRIVATE_KEY?: string;

  /** How often each network's due payments are looked for. */
  @Type(() => Number) @IsInt() @Min(50) @Max(600000) RECURRING_POLL_INTERVAL_MS: number = 1000;

  /**
   * Secure payments: how often open payments past their expiry are recorded as `expired` (with
   * their event). Any number of replicas may sweep at once (rows are claimed SKIP LOCKED).
   */
  @Type(() => Number) @IsInt() @Min(100) @Max(3600000) EXPIRY_SWEEP_INTERVAL_MS: number = 30000;

  /** Payments expired per transaction (a pass repeats until fewer are due). */
  @Type(() => Number) @IsInt() @Min(1) @Max(5000) EXPIRY_SWEEP_BATCH_SIZE: number = 200;

  /**
   * Recurring invoices: how often series whose next period has started are looked for (each gets
   * that period's request and its `request.recurring` event). Any number of replicas may look at once.
   */
  @Type(() => Number) @IsInt() @Min(100) @Max(3600000) RECURRING_INVOICES_INTERVAL_MS: number = 30000;

  /** Series issued per transaction (a pass repeats until none is due). */
  @Type(() => Number) @IsInt() @Min(1) @Max(5000) RECURRING_INVOICES_BATCH_SIZE: number = 100;

  /**
   * Pay by transfer: watch each pending request's deposit address (needs RELAYER_PRIVATE_KEY and a
   * deposit factory on the network) and sweep it through the fee proxy once the amount has arrived.
   */
  @Transform(({ value }: { value: unknown }) => (value === undefined ? true : value === true || value === 'true'))
  @IsBoolean()
  DEPOSITS_ENABLED: boolean = true;

  /** How often each network's deposit addresses are read. */
  @Type(() => Number) @IsInt() @Min(50) @Max(600000) DEPOSIT_POLL_INTERVAL_MS: number = 1000;

  /** Deposit addresses read per pass per network (the RPC budget: one balance read each, batched). */
  @Type(() => Number) @IsInt() @Min(1) @Max(20000) DEPOSIT_WATCH_MAX: number = 2000;

  /** Of those, at most this many per platform (newest first), so one tenant cannot take the budget. */
  @Type(() => Number) @IsInt() @Min(1) @Max(20000) DEPOSIT_WATCH_PER_PLATFORM: number = 500;

  /** Requests older than this are no longer watched (their deposit can still be swept by anyone through the factory). */
  @Type(() => Number) @IsInt() @Min(1) @Max(365) DEPOSIT_WATCH_DAYS: number = 14;

  /**
   * Reconciliation (issue #36): run the queued reconciliation runs (POST /v2/reconciliation/runs)
   * and the nightly one per network, one replica at a time (a Postgres advisory-lock leader).
   */
  @Transform(({ value }: { value: unknown }) => (value === undefined ? true : value === true || value === 'true'))
  @IsBoolean()
  RECONCILIATION_ENABLED: boolean = true;

  /**
   * Scheduled accounting exports (issue #36 item 4): one leader replica delivers each schedule's
   * last complete period (daily or monthly) to the S3-compatible bucket below or by mail.
   */
  @Transform(({ value }: { value: unknown }) => (value === undefined ? true : value === true || value === 'true'))
  @IsBoolean()
  EXPORTS_ENABLED: boolean = true;

  /** How often the exports leader looks for due periods and pending deliveries. */
  @Type(() => Number) @IsInt() @Min(100) @Max(3600000) EXPORTS_POLL_INTERVAL_MS: number = 60000;

  /** Attempts of a delivery before it is marked failed (one per pass). */
  @Type(() => Number) @IsInt() @Min(1) @Max(100) EXPORTS_MAX_ATTEMPTS: number = 5;

  /** The operator's bucket for scheduled exports (objects under exports/<platformId>/); unset: S3 schedules wait. */
  @IsOptional() @IsString() EXPORT_S3_BUCKET?: string;

  /** An S3-compatible endpoint (MinIO, R2, a local server); unset: AWS S3 of EXPORT_S3_REGION. */
  @IsOptional() @IsString() EXPORT_S3_ENDPOINT?: string;

  @IsString() EXPORT_S3_REGION: string = 'us-east-1';

  /** Credentials of the bucket (secrets, never logged); unset: the AWS SDK's default chain (instance role). */
  @IsOptional() @IsString() EXPORT_S3_ACCESS_KEY_ID?: string;
  @IsOptional() @IsString() EXPORT_S3_SECRET_ACCESS_KEY?: string;

  /** Path-style addressing (bucket in the path), as most S3-compatible servers want. */
  @Transform(({ value }: { value: unknown }) => value === true || value === 'true')
  @IsBoolean()
  EXPORT_S3_FORCE_PATH_STYLE: boolean = false;

  /**
   * The SMTP server that mails scheduled exports as attachments (the variables auth-api uses for
   * its mail); unset: mailed schedules wait. The connection is upgraded with STARTTLS (required
   * outside PAYRAIL_ENV=local) or TLS from the first byte (SMTP_SECURE), certificate checked.
   */
  @IsOptional() @IsString() SMTP_HOST?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(65535) SMTP_PORT?: number;
  @Transform(({ value }: { value: unknown }) => value === true || value === 'true')
  @IsBoolean()
  SMTP_SECURE: boolean = false;
  /** A private CA that signed the SMTP server's certificate (PEM file). */
  @IsOptional() @IsString() SMTP_CA_FILE?: string;
  /** SMTP AUTH (a secret: never logged). */
  @IsOptional() @IsString() SMTP_USER?: string;
  @IsOptional() @IsString() SMTP_PASSWORD?: string;
  @IsString() MAIL_FROM: string = 'Payrail <no-reply@localhost>';

  /** UTC time of day (HH:MM) after which the previous day is reconciled on every network; `off` for none. */
  @Matches(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, { message: 'must be HH:MM (UTC) or off' })
  RECONCILIATION_NIGHTLY_AT: string = '00:30';

  /** How often the leader looks for queued runs and the nightly one. */
  @Type(() => Number) @IsInt() @Min(100) @Max(3600000) RECONCILIATION_POLL_INTERVAL_MS: number = 5000;

  /** eth_getLogs calls in flight at once in a run (each over at most DETECTION_MAX_RANGE blocks). */
  @Type(() => Number) @IsInt() @Min(1) @Max(64) RECONCILIATION_RPC_CONCURRENCY: number = 4;

  /**
   * Deposits swept per relayer transaction (factory.deployAndSweepMany): about 110k gas each for an
   * ERC-20 (clone + pay), so 100 stay near 11M gas, well inside public networks' block gas limits.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(250) DEPOSIT_SWEEP_BATCH: number = 100;

  /** The WebSocket endpoint of a network's new heads, when WS_RPC_URLS names one. */
  wsUrlFor(network: string): string | undefined {
    return parseWsRpcUrls(this.WS_RPC_URLS)?.get(network as EvmNetwork);
  }

  confirmationsFor(network: string): number {
    const pair = this.CHAIN_CONFIRMATIONS.split(',').find((p) => p.split(':')[0] === network);
    if (pair) return Number(pair.split(':')[1]);
    return this.PAYRAIL_ENV === 'local' ? 0 : (DEFAULT_CONFIRMATIONS[network] ?? 12);
  }
}

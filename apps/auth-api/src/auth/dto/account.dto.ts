import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { VERIFICATION_TOKEN_PATTERN } from '../verification-token.js';

/** Longest e-mail an account can register with (RFC 5321 allows 254; the platform it names allows 200). */
const MAX_EMAIL_LENGTH = 200;

const normalizeEmail = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

export class EmailDto {
  @ApiProperty({ example: 'ada@example.com', maxLength: MAX_EMAIL_LENGTH, description: 'Trimmed and lower-cased before use.' })
  @normalizeEmail()
  @IsEmail({}, { message: 'email must be an e-mail address' })
  // An account's platform is named after its e-mail, and a platform name is at most 200 characters.
  @MaxLength(MAX_EMAIL_LENGTH, { message: `email must be at most ${MAX_EMAIL_LENGTH} characters` })
  email!: string;
}

export class CredentialsDto extends EmailDto {
  @ApiProperty({ minLength: 8, maxLength: 100 })
  @IsString()
  @Length(8, 100, { message: 'password must be 8 to 100 characters' })
  password!: string;
}

export class VerifyEmailDto {
  @ApiProperty({
    example: 'evt_3q2-7wEvQ1mXr5k4zT0a9bYc8dHf6gJh2iKl1mNo0pQ',
    pattern: VERIFICATION_TOKEN_PATTERN.source,
    description: 'The token of the verification e-mail (single use).',
  })
  @IsString()
  @Matches(VERIFICATION_TOKEN_PATTERN, { message: 'token must be a verification token (evt_...)' })
  token!: string;
}

class SessionUserView {
  @ApiProperty() id!: string;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
}

/** The wallet a wallet session signed in with. */
class SessionWalletView {
  @ApiProperty({ description: 'As signed in: EIP-55 (EVM) or base58 (Tron)' }) address!: string;
  @ApiProperty({ enum: ['evm', 'tron'] }) kind!: 'evm' | 'tron';
}

export class SessionView {
  @ApiProperty({ type: SessionUserView }) user!: SessionUserView;
  @ApiProperty({
    type: SessionWalletView,
    nullable: true,
    description: 'The signed-in wallet for wallet sessions; null for e-mail sessions.',
  })
  wallet!: SessionWalletView | null;
  @ApiProperty() platformId!: string;
  @ApiProperty({ enum: ['wallet', 'email'] }) kind!: 'wallet' | 'email';
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}

/** `?bearer=true` on a sign-in route: the client wants the token itself (never echoed otherwise). */
export class SignInQueryDto {
  @ApiPropertyOptional({
    type: Boolean,
    description:
      'true: answer the session token as `sessionToken` (for `Authorization: Bearer`) and set no cookie. ' +
      'Without it the token travels only in the httpOnly cookie, never in the body.',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'bearer must be true or false' })
  bearer?: boolean;
}

export class BearerSessionView extends SessionView {
  @ApiProperty({ description: 'The session token, for `Authorization: Bearer`; only with `?bearer=true`.' }) sessionToken!: string;
}

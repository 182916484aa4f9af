import argon2 from 'argon2';

/** argon2id with OWASP's minimum configuration (19 MiB memory, 2 iterations, 1 lane). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export class PasswordHasher {
  /** A hash of a random password, verified against when the e-mail is unknown so timing does not tell. */
  private readonly decoy: Promise<string> = argon2.hash(`decoy-${Math.random()}`, OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      await argon2.verify(await this.decoy, password).catch(() => false);
      return false;
    }
    return argon2.verify(hash, password).catch(() => false);
  }
}

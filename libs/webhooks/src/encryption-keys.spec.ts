import { encryptionKeysProblem, parseCipherKeys, parseEncryptionKeyList } from '@payrail/platform';
import { parseEncryptionKeys } from './encryption-keys.js';

// Fixed 32-byte keys whose encodings use the alphabet-specific characters (+/ and -_).
const K1 = Buffer.from(Array.from({ length: 32 }, (_, i) => 0xf8 + (i % 8)));
const K2 = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37) % 256));
const std = K1.toString('base64'); // 44 characters, one "=" of padding
const url = K1.toString('base64url'); // 43 characters, no padding
const std2 = K2.toString('base64');
const kid33 = 'k'.repeat(33);

type Row = [label: string, value: string, expected: [id: string, key: Buffer][] | RegExp];
// Accepted rows list the keys in order (first = the encrypting one); refused rows give the
// validator's problem.
const TABLE: Row[] = [
  ['standard base64, padded', `a:${std}`, [['a', K1]]],
  ['standard base64, unpadded', `a:${std.replace(/=$/, '')}`, [['a', K1]]],
  ['base64url, unpadded', `a:${url}`, [['a', K1]]],
  ['base64url, padded', `a:${url}=`, [['a', K1]]],
  [
    'two keys, first encrypts',
    `new:${std2},old:${url}`,
    [
      ['new', K2],
      ['old', K1],
    ],
  ],
  [
    'whitespace around entries is trimmed',
    `  new:${std2} ,\told:${std}\n`,
    [
      ['new', K2],
      ['old', K1],
    ],
  ],
  ['kid of 32 characters with _ and -', `${'K_-1'.repeat(8)}:${std}`, [['K_-1'.repeat(8), K1]]],
  ['trailing comma', `a:${std},`, /entry 2 is empty/],
  ['leading comma', `,a:${std}`, /entry 1 is empty/],
  ['empty entry between two', `a:${std}, ,b:${std2}`, /entry 2 is empty/],
  ['no kid', std, /entry 1: each item must be kid:base64/],
  ['empty kid', `:${std}`, /entry 1: each item must be kid:base64/],
  ['kid of 33 characters', `${kid33}:${std}`, /entry 1: each item must be kid:base64/],
  ['space inside the kid', `a b:${std}`, /entry 1: each item must be kid:base64/],
  ['whitespace before the colon (only entries are trimmed)', `a :${std}`, /entry 1: each item must be kid:base64/],
  ['whitespace after the colon', `a: ${std}`, /key "a" must be 32 bytes/],
  ['duplicate kid', `a:${std},b:${std2},a:${url}`, /key id "a" appears twice/],
  ['16-byte key', `a:${K1.subarray(0, 16).toString('base64')}`, /key "a" must be 32 bytes/],
  ['33-byte key', `a:${Buffer.concat([K1, K1.subarray(0, 1)]).toString('base64')}`, /key "a" must be 32 bytes/],
  ['two "=" of padding', `a:${std.replace(/=$/, '')}==`, /key "a" must be 32 bytes/],
  ['mixed base64 and base64url alphabets', `a:+${url.slice(1)}`, /key "a" must be 32 bytes/],
  ['a colon inside the key', `a:${std}:x`, /key "a" must be 32 bytes/],
  ['not base64 at all', 'a:not-a-key!', /key "a" must be 32 bytes/],
];

describe('encryption-key lists: one rule for the validator and the parsers', () => {
  it('uses fixed keys whose encodings differ between the two alphabets', () => {
    expect([/[+/]/.test(std), /[-_]/.test(url.slice(1)), std.length, url.length]).toEqual([true, true, 44, 43]);
  });

  it.each(TABLE)('%s: the validator and every parser agree', (_label, value, expected) => {
    const problem = encryptionKeysProblem(value, 'production');
    const parsers = [
      () => parseEncryptionKeyList(value, 'KEYS'),
      () => parseCipherKeys(value, 'payer-identity', 'PII_ENCRYPTION_KEYS'),
      () => parseEncryptionKeys(value),
    ];
    if (Array.isArray(expected)) {
      expect(problem).toBeNull();
      for (const parse of parsers) {
        const keys = parse();
        expect(keys.map((k) => [k.id, k.key.toString('hex')])).toEqual(expected.map(([id, key]) => [id, key.toString('hex')]));
      }
    } else {
      expect(problem).toMatch(expected);
      for (const parse of parsers) expect(parse).toThrow(`: ${problem}`);
      // A refused value set in local is refused too: only an unset variable falls back to the development key.
      expect(encryptionKeysProblem(value, 'local')).toBe(problem);
    }
  });

  it('never quotes key material in a problem', () => {
    for (const [, value, expected] of TABLE.filter(([, , e]) => !Array.isArray(e))) {
      const problem = encryptionKeysProblem(value, 'staging') ?? '';
      expect([problem, problem.includes(std.slice(0, 20)) || problem.includes(url.slice(0, 20))]).toEqual([
        expect.stringMatching(expected as RegExp),
        false,
      ]);
    }
  });

  it('requires the variable outside local; unset in local means the public development key', () => {
    expect(encryptionKeysProblem(undefined, 'production')).toBe(
      'is required outside PAYRAIL_ENV=local (kid:base64-32-byte-key, comma-separated)',
    );
    expect(encryptionKeysProblem('', 'staging')).toMatch(/^is required/);
    expect(encryptionKeysProblem(undefined, 'local')).toBeNull();
    expect(encryptionKeysProblem(42, 'local')).toBe('must be a string');
    expect(parseCipherKeys(undefined, 'payer-identity').map((k) => [k.id, k.key.length])).toEqual([['local-dev', 32]]);
  });
});

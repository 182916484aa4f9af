import { checkedKeysetCursor, decodeKeysetCursor, encodeKeysetCursor, isCursorId } from './cursor.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const UUID = '3f2b8c1e-6d4a-4f0e-9b7a-2c5d8e1f0a93';
const ULID = '01JD3XQ3ZKQ8N4V7W2H6T9R5YB';

describe('page cursors', () => {
  it('round-trips a position of each id form', () => {
    for (const [form, id] of [
      ['uuid', UUID],
      ['ulid', ULID],
      ['requestId', `01${'ab'.repeat(32)}`],
    ] as const) {
      const cursor = encodeKeysetCursor({ micros: '1732700000123456', id });
      expect(decodeKeysetCursor(cursor, form)).toEqual({ micros: '1732700000123456', id });
    }
  });

  it('refuses a cursor whose id is not of the list form (MTp4 = base64url of 1:x, a 500 on the payers list before)', () => {
    expect(decodeKeysetCursor('MTp4', 'uuid')).toBeUndefined();
    expect(decodeKeysetCursor(b64(`1:${ULID}`), 'uuid')).toBeUndefined();
    expect(decodeKeysetCursor(b64(`1:${UUID}`), 'ulid')).toBeUndefined();
    expect(decodeKeysetCursor(b64(`1:${UUID.toUpperCase()}`), 'uuid')).toBeUndefined();
    let refused: unknown;
    try {
      checkedKeysetCursor('MTp4', 'uuid');
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses out-of-range or malformed micros, extra parts and non-canonical base64url', () => {
    for (const text of [`253402300800000000:${UUID}`, `-1:${UUID}`, `01:${UUID}`, `1:${UUID}:x`, `:${UUID}`])
      expect({ text, position: decodeKeysetCursor(b64(text), 'uuid') }).toEqual({ text, position: undefined });
    expect(decodeKeysetCursor(`${b64(`1:${UUID}`)}=`, 'uuid')).toBeUndefined();
    expect(decodeKeysetCursor(`${b64(`1:${UUID}`)}A`, 'uuid')).toBeUndefined();
  });

  it('takes bigint ids within the Postgres range only', () => {
    expect(isCursorId('bigint', '9223372036854775807')).toBe(true);
    expect(isCursorId('bigint', '9223372036854775808')).toBe(false);
    expect(isCursorId('bigint', '0')).toBe(false);
    expect(isCursorId('bigint', '01')).toBe(false);
  });
});

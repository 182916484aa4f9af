import fc from 'fast-check';

/** The parts of an OpenAPI 3 schema the fuzzer reads. */
export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  example?: unknown;
}

const EVM = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';
const EVM_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const UUID = '3f2b8c1e-6d4a-4f0e-9b7a-2c5d8e1f0a93';
const ULID = '01JD3XQ3ZKQ8N4V7W2H6T9R5YB';
const REQUEST_ID = `01${'ab'.repeat(32)}`;

/**
 * Cursors that look like ours but are not: base64url of `micros:id` with an id of every form our
 * lists use (uuid, ULID, request id, bigint) and of none, out-of-range micros, extra parts,
 * non-canonical base64; and bare ids (the events' and one endpoint's deliveries' cursors) out of
 * range or of the wrong form. Each list takes the ones of its own id form (an empty page) and
 * must refuse every other with a 400, never reach SQL with it.
 */
export const WRONG_CURSORS: readonly string[] = [
  b64('1:x'),
  b64(`1:${UUID}`),
  b64(`1:${UUID.toUpperCase()}`),
  b64(`1:${UUID.slice(0, -1)}g`),
  b64(`1:${ULID}`),
  b64(`1:${ULID.toLowerCase()}`),
  b64(`1:${REQUEST_ID}`),
  b64('1:9223372036854775808'),
  b64('1:1'),
  b64(`99999999999999999999:${UUID}`),
  b64(`253402300800000000:${ULID}`),
  b64(`-1:${ULID}`),
  b64(`01:${ULID}`),
  b64(`1:${ULID}:x`),
  b64(`1:${UUID}\u0000`),
  b64(`1:'; SELECT pg_sleep(1); --`),
  b64(`${'9'.repeat(17)}:${'x'.repeat(80)}`),
  `${b64(`1:${UUID}`)}=`,
  `${b64(`1:${ULID}`)}A`,
  '9223372036854775807',
  '9223372036854775808',
  '99999999999999999999',
  '0',
  '-1',
  '01',
  ULID,
  ULID.toLowerCase(),
  UUID,
  REQUEST_ID,
];

/** Plausible values by property name, so that part of the runs get past validation into the use cases. */
const PLAUSIBLE: Record<string, unknown[]> = {
  payee: [EVM, 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  payer: [EVM_2],
  feeAddress: [EVM_2],
  payerWallet: [EVM_2],
  payerAddress: [EVM_2],
  walletAddress: [EVM_2],
  amount: ['10.5', '1', '0.000001', `1${'0'.repeat(74)}`, (2n ** 128n / 10n ** 6n + 1n).toString()],
  invoiceCurrency: ['fUSDC-sepolia', 'USD', 'EUR', 'ETH-sepolia'],
  paymentCurrency: ['fUSDC-sepolia', 'ETH-sepolia'],
  currency: ['fUSDC-sepolia'],
  network: ['sepolia', 'base', 'tron'],
  startDate: [nextYear, `${nextYear}T10:00:00Z`],
  frequency: ['DAILY', 'MONTHLY'],
  totalPayments: [2, 255, 256],
  email: ['fuzz@example.com'],
  password: ['correct horse battery staple'],
  // Loopback only (the discard port refuses at once): a registered endpoint may be test-fired.
  url: ['https://127.0.0.1:9/hook', 'http://127.0.0.1:9/hook'],
  feePercentage: ['2.5', '100', '0'],
  cursor: [...WRONG_CURSORS],
  after: [...WRONG_CURSORS],
};

/** Values at the edges: huge and negative numbers, many decimals, empty, unicode, control characters, over-long. */
export const BOUNDARY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '-0.5',
  '1e400',
  `1${'0'.repeat(80)}`,
  `0.${'1'.repeat(40)}`,
  '1.0000000000000000000000000000001',
  '115792089237316195423570985008687907853269984665640564039457584007913129639936',
  'NaN',
  'Infinity',
  'null',
  'true',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '😀'.repeat(64),
  'Ω≈ç√∫˜µ≤≥÷',
  'x'.repeat(5000),
  `0x${'f'.repeat(64)}`,
  '0x0000000000000000000000000000000000000000',
  "'; DROP TABLE requests; --",
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '2030-02-30',
  '9999-12-31T23:59:59Z',
  '%00',
  'https://user:pw@127.0.0.1:9/x?y=1',
];

const BOUNDARY_NUMBERS = [0, -1, 1, 1.5, -0, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 256, 257, Number.MIN_VALUE];

/** Anything at all: wrong types, nested junk, random unicode strings. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, { a: { b: { c: [1, null, 'x'] } } }, [[[[]]]]),
  fc.constantFrom(...BOUNDARY_STRINGS),
  fc.constantFrom(...BOUNDARY_NUMBERS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!] ?? {}, components);
  const composed = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (composed && composed.length > 0) return resolve(composed[0], components);
  return schema;
}

const pick = (values: unknown[]): fc.Arbitrary<unknown> => fc.constantFrom(...values);

/** Values for one schema: plausible ones (examples, enums, PLAUSIBLE) mixed with boundary values and junk. */
export function valueFor(raw: Schema, components: Record<string, Schema>, name = '', depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw, components);
  if (depth > 4) return junk;
  const plausible = [...(PLAUSIBLE[name] ?? []), ...(schema.enum ?? []), ...(schema.example !== undefined ? [schema.example] : [])];
  const options: fc.WeightedArbitrary<unknown>[] = [{ weight: 2, arbitrary: junk }];
  if (plausible.length > 0) options.push({ weight: 4, arbitrary: pick(plausible) });
  if (schema.properties) options.push({ weight: 6, arbitrary: objectFor(schema, components, depth) });
  else if (schema.type === 'array' && schema.items) {
    options.push({ weight: 4, arbitrary: fc.array(valueFor(schema.items, components, name, depth + 1), { maxLength: 4 }) });
  } else if (schema.type === 'integer' || schema.type === 'number') options.push({ weight: 2, arbitrary: pick(BOUNDARY_NUMBERS) });
  else options.push({ weight: 2, arbitrary: pick(BOUNDARY_STRINGS) });
  return fc.oneof(...options);
}

/** An object of the schema's properties (required ones always present, whatever their value) plus, sometimes, extra ones. */
function objectFor(schema: Schema, components: Record<string, Schema>, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, valueFor(s, components, key, depth + 1)])),
    { requiredKeys: (schema.required ?? []).filter((k) => k in properties) },
  );
  const extras = fc.option(
    fc.dictionary(fc.constantFrom('extra', 'isAdmin', '__proto__', 'platformId', 'x'.repeat(300)), junk, { maxKeys: 2 }),
    {
      freq: 4,
    },
  );
  return fc.tuple(record, extras).map(([r, e]) => ({ ...(e ?? {}), ...(r as object) }));
}

/** A path or query value: a string from the schema's values (objects as JSON), URL-encoded by the caller. */
export function textFor(schema: Schema, components: Record<string, Schema>, name: string): fc.Arbitrary<string> {
  return valueFor(schema, components, name).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined')));
}

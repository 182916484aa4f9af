import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@payrail/devstack';

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
}
interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components?: { schemas?: Record<string, Schema> };
}

const documents = ['payments-api', 'auth-api'].map(
  (name) => [name, JSON.parse(readFileSync(join(repoRoot(), 'openapi', `${name}.json`), 'utf8')) as Document] as const,
);

const resolve = (doc: Document, schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : schema;

/** A schema that says something: a type, properties, items or a composition (an empty `{}` does not count). */
const describes = (schema: Schema | undefined): boolean =>
  schema !== undefined && [schema.type, schema.properties, schema.allOf, schema.oneOf, schema.anyOf].some((part) => part !== undefined);

// The committed documents (`npm run openapi`; the platform e2e test holds them equal to what the apps serve).
describe('OpenAPI documents: every success response with a body documents its schema', () => {
  it.each(documents)('%s has a schema on every 2xx response other than 204', (_name, doc) => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (!/^2\d\d$/.test(status) || status === '204') continue;
          const schemas = Object.values(response.content ?? {}).map((c) => resolve(doc, c.schema));
          if (!schemas.some(describes)) missing.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(Object.keys(doc.paths).length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  const payments = documents.find(([name]) => name === 'payments-api')![1];
  const okSchema = (path: string) => resolve(payments, payments.paths[path].get.responses?.['200']?.content?.['application/json']?.schema);
  const propertiesOf = (schema: Schema | undefined) => Object.keys(resolve(payments, schema?.allOf?.[0] ?? schema)?.properties ?? {}).sort();

  it('documents the multicall state (GET) field by field: branding, children with their fee plan, totals, analytics', () => {
    const state = okSchema('/v2/secure-payments/multicall-payouts/{token}');
    expect(propertiesOf(state)).toEqual(
      ['paymentType', 'status', 'redirectUrl', 'redirectLabel', 'orchestratorId', 'branding', 'analytics', 'requestIds', 'token']
        .concat(['canExecute', 'expiresAt', 'createdAt', 'children', 'totals', 'paymentOptions'])
        .sort(),
    );
    const child = resolve(payments, state?.properties?.children.items);
    expect(propertiesOf(child?.properties?.feePlan)).toEqual(
      ['version', 'flow', 'defaultFeeBearer', 'grossAmountUsd', 'netRecipientAmountUsd', 'payerTotalAmountUsd', 'totalFeesUsd']
        .concat(['payeeBorneFeesUsd', 'payerBorneFeesUsd', 'fees'])
        .sort(),
    );
  });

  it('gives the single record the multicall branding shape and the same fee plan', () => {
    // The record route answers single records and multicall states (oneOf): its single branch.
    const record = okSchema('/v2/secure-payments/{token}');
    const single = record?.oneOf ? resolve(payments, record.oneOf[0]) : record;
    expect(record?.oneOf?.[0]?.$ref).toBe('#/components/schemas/SecurePaymentDataDto');
    const multicall = okSchema('/v2/secure-payments/multicall-payouts/{token}');
    expect(propertiesOf(single?.properties?.branding)).toEqual(propertiesOf(multicall?.properties?.branding));
    expect(propertiesOf(single?.properties?.branding)).toHaveLength(12);
    const childFeePlan = resolve(payments, multicall?.properties?.children.items)?.properties?.feePlan;
    expect(propertiesOf(single?.properties?.feePlan)).toEqual(propertiesOf(childFeePlan));
  });
});

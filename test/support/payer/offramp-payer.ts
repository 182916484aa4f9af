/** Test rigging for crypto-to-fiat: a payer made compliant through the sandbox compliance pages, and bank details. */

type Call = <T>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;

export const identity = (clientUserId: string) => ({
  clientUserId,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  beneficiaryType: 'individual',
  dateOfBirth: '1990-12-10',
  addressLine1: '12 Analytical Street',
  city: 'London',
  state: 'Greater London',
  postcode: 'NW1 6XE',
  country: 'GB',
  nationality: 'GB',
  phone: '+447700900123',
});

/** Request Network's US example, as easy-invoice sends it: its stored record's own keys included, currency lower-case. */
export const bankDetails = (over: Record<string, unknown> = {}) => ({
  id: '01JDQ4W9ZK3M7T1B2C3D4E5F6G',
  userId: 'ei-user-1',
  bankName: 'Chase',
  accountName: 'Acme Corp Business Account',
  accountNumber: '253009233489',
  routingNumber: '026013356',
  beneficiaryType: 'business',
  currency: 'usd',
  addressLine1: '24 Theatre St.',
  city: 'Paramount',
  state: 'CA',
  postalCode: '90723',
  country: 'US',
  dateOfBirth: '1985-12-12',
  rails: 'local',
  accountType: 'checking',
  createdAt: '2025-10-03T14:30:00.000Z',
  updatedAt: '2025-10-03T14:30:00.000Z',
  ...over,
});

/** Registers the payer, approves its KYC on the sandbox page and completes its agreement (PATCH), over HTTP. */
export async function compliantPayer(apiUrl: string, call: Call, clientUserId: string, compliant = true): Promise<string> {
  const registered = await call<{ kycUrl: string; userId: string }>('POST', '/v2/payer', identity(clientUserId));
  if (registered.status !== 200) throw new Error(`POST /v2/payer answered ${registered.status}`);
  if (!compliant) return registered.body.userId;
  const kyc = await fetch(`${apiUrl}${new URL(registered.body.kycUrl).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'approved' }),
  });
  if (kyc.status !== 200) throw new Error(`sandbox KYC answered ${kyc.status}`);
  const agreement = await call('PATCH', `/v2/payer/${encodeURIComponent(clientUserId)}`, { agreementCompleted: true });
  if (agreement.status !== 200) throw new Error(`PATCH /v2/payer answered ${agreement.status}`);
  return registered.body.userId;
}

/** 90 days: the longest a secure payment link may live, so the printed demo link stays payable. */
const DEMO_LINK_SECONDS = 90 * 86400;

/**
 * A ready-to-pay demo link made at every `npm start`: a 10 fUSDC secure payment on the local chain
 * for the demo payee, created with the demo API key through payments-api itself (so its
 * securePaymentUrl carries the demo Client ID and opens the local payment page). The demo payer
 * (anvil account 1, funded with the test tokens at deploy) can pay it with MetaMask.
 */
export async function createDemoPaymentLink(opts: { paymentsApiUrl: string; apiKey: string; payee: string }): Promise<string> {
  const res = await fetch(`${opts.paymentsApiUrl}/v2/secure-payments`, {
    method: 'POST',
    headers: { 'x-api-key': opts.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      requests: [{ payee: opts.payee, amount: '10', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }],
      reference: 'DEMO-1',
      expiresIn: DEMO_LINK_SECONDS,
    }),
  });
  const body = (await res.json()) as { securePaymentUrl?: string; message?: unknown };
  if (res.status !== 201 || !body.securePaymentUrl)
    throw new Error(`the demo payment link was not created: ${res.status} ${JSON.stringify(body.message)}`);
  return body.securePaymentUrl;
}

import { PayrailError } from '@payrail/domain';
import { type Caller, narrowCaller } from './caller.js';

const apiKey: Caller = { kind: 'api-key', platformId: 'p1', apiKeyId: 'k1' };
const clientId: Caller = {
  kind: 'client-id',
  platformId: 'p1',
  clientIdId: 'c1',
  clientId: 'cli_1',
  origin: null,
  rateTier: 'default',
  feePercentage: null,
  feeAddress: null,
};
const ownedClientId: Caller = { ...clientId, owner: { kind: 'api-key', apiKeyId: 'k1' } };
const orchestrator: Caller = { kind: 'orchestrator', orchestratorId: 'o1', orchestratorKeyId: 'ok1' };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof PayrailError ? [error.code, error.message] : error;
  }
  return 'not refused';
};

describe('narrowCaller (@CurrentCaller(kind))', () => {
  it('hands back the very caller when it is of the kind asked for', () => {
    expect(narrowCaller(apiKey, 'api-key').platformId).toBe('p1');
    expect(narrowCaller(orchestrator, 'orchestrator').orchestratorId).toBe('o1');
    expect(narrowCaller(ownedClientId, 'client-id-with-owner').owner).toEqual({ kind: 'api-key', apiKeyId: 'k1' });
    expect(narrowCaller(clientId, 'client-id')).toBe(clientId);
  });

  it('refuses another kind with a coded 401 naming the missing credential', () => {
    expect(refusal(() => narrowCaller(apiKey, 'orchestrator'))).toEqual(['UNAUTHENTICATED', 'Missing x-orchestrator-key header']);
    expect(refusal(() => narrowCaller(orchestrator, 'session'))).toEqual(['UNAUTHENTICATED', 'Missing session']);
    expect(refusal(() => narrowCaller({ kind: 'public' }, 'api-key'))).toEqual(['UNAUTHENTICATED', 'Missing x-api-key header']);
  });

  it('refuses a Client ID without its platform key or session where the owner is required', () => {
    expect(refusal(() => narrowCaller(clientId, 'client-id-with-owner'))).toEqual([
      'UNAUTHENTICATED',
      "Missing x-api-key or session: send its platform's x-api-key or session with x-client-id",
    ]);
  });
});

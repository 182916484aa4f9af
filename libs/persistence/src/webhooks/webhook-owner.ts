/** Who an endpoint belongs to: a platform's Client ID, or an orchestrator. */
export type WebhookOwner = { kind: 'client-id'; clientIdId: string } | { kind: 'orchestrator'; orchestratorId: string };

/** SQL condition restricting `alias` (a webhook_endpoints alias) to the owner, with its parameter. */
export function ownerCondition(owner: WebhookOwner, alias: string, param: number): { sql: string; value: string } {
  return owner.kind === 'client-id'
    ? { sql: `${alias}.client_id_id = $${param}`, value: owner.clientIdId }
    : { sql: `${alias}.orchestrator_id = $${param}`, value: owner.orchestratorId };
}

/** The owner as one string (`client-id:<id>` or `orchestrator:<id>`): its recovery lock's key, and the reconciler's grouping. */
export function ownerKey(owner: WebhookOwner): string {
  return owner.kind === 'client-id' ? `client-id:${owner.clientIdId}` : `orchestrator:${owner.orchestratorId}`;
}

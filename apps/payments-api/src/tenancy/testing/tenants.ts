// Test fixtures moved to libs/tenancy/src/testing; kept here for existing imports.
export * from '../../../../../libs/tenancy/src/testing/tenants.js';

// The tenancy use cases live in libs/tenancy (payments-api, auth-api and the operator CLI share them).
export { TenancyModule } from '@payrail/tenancy';

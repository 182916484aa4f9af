/** FieldCipher for a request's customerInfo (purpose "request-customer-info"): payouts write it, GET /v2/request reads it. */
export const CUSTOMER_INFO_CIPHER = Symbol('CUSTOMER_INFO_CIPHER');

/** Base URL of the hosted payment page; a payment's URL is `<base>/<token>`. */
export const SECURE_PAYMENT_PAGE_URL = Symbol('SECURE_PAYMENT_PAGE_URL');

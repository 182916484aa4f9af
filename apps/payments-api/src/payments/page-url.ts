/** `<page>/<token>`: a hosted page's URL under SECURE_PAYMENT_PAGE_URL (secure payments and link intents). */
export const pageUrlOf = (base: string, token: string): string => `${base.replace(/\/+$/, '')}/${token}`;

/** The webhook part of the app config (WebhookSettings). */
export const WEBHOOK_SETTINGS = Symbol('WEBHOOK_SETTINGS');

export * from './secure-payment.entity.js';
export * from './secure-payments.repository.js';
export * from './link-intents.repository.js';
export * from './payment-intents.repository.js';

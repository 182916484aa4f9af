/** The `paymentProcessor` every payment event names (settlement's events and the recurring executor's). */
export const PAYMENT_PROCESSOR = 'payrail';

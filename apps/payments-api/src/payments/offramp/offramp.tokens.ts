/** The configured OfframpProvider (@payrail/domain): the sandbox outside production, else none yet. */
export const OFFRAMP_PROVIDER = Symbol('OFFRAMP_PROVIDER');

/** FieldCipher for payment details' account numbers and personal fields (purpose "payment-details"). */
export const PAYMENT_DETAILS_CIPHER = Symbol('PAYMENT_DETAILS_CIPHER');

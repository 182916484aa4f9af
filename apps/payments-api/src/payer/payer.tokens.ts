/** The FieldCipher for payers' identity JSON (purpose "payer-identity"). */
export const PAYER_IDENTITY_CIPHER = Symbol('PAYER_IDENTITY_CIPHER');

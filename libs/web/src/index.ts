// @payrail/web: the browser code both apps share. Apps import only this and npm packages (lint).
export * from './api/client';
export * from './api/api-error';
export * from './runtime-config';
export * from './wallet/config';
export * from './wallet/networks';
export * from './i18n/catalogue';
export * from './format';
export * from './components/Button';
export * from './components/TextField';
export * from './components/Status';
export * from './wallet/wallet-proof';
export * from './wallet/explorer';
export * from './wallet/tronlink';
export * from './wallet/wallet-sign-in';

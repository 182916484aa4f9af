import { webAppConfig } from '../../libs/web/vite.shared.ts';

export default webAppConfig('payment-page');

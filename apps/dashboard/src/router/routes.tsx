import { createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { Shell } from '../components/Shell';
import { DestinationsScreen } from '../screens/DestinationsScreen';
import { DevelopersScreen } from '../screens/DevelopersScreen';
import { ExceptionsScreen } from '../screens/ExceptionsScreen';
import { PayersScreen } from '../screens/PayersScreen';
import { PaymentDetailScreen } from '../screens/PaymentDetailScreen';
import { PaymentLinksScreen } from '../screens/PaymentLinksScreen';
import { PaymentsScreen } from '../screens/PaymentsScreen';
import { ReconciliationScreen } from '../screens/ReconciliationScreen';
import { RecurringScreen } from '../screens/RecurringScreen';
import { WebhooksScreen } from '../screens/WebhooksScreen';
import {
  developersSearch,
  linksSearch,
  payersSearch,
  paymentsSearch,
  reconciliationSearch,
  recurringSearch,
  webhooksSearch,
} from './search';

/**
 * The dashboard's routes, code-based (@tanstack/react-router, no generated route tree): the shell
 * is the root, each section a child with its search params validated by router/search.ts. `/` and
 * any unknown path land on /payments, as the old home-made router did. Screens read their params
 * with getRouteApi('<path>') so they do not import this file (no import cycle).
 */
const root = createRootRoute({ component: Shell });

const toPayments = () => {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect is thrown by design
  throw redirect({ to: '/payments', replace: true });
};
const index = createRoute({ getParentRoute: () => root, path: '/', beforeLoad: toPayments });
const unknown = createRoute({ getParentRoute: () => root, path: '$', beforeLoad: toPayments });
const payments = createRoute({ getParentRoute: () => root, path: '/payments', validateSearch: paymentsSearch, component: PaymentsScreen });
const payment = createRoute({ getParentRoute: () => root, path: '/payments/$requestId', component: PaymentDetailScreen });
const links = createRoute({
  getParentRoute: () => root,
  path: '/payment-links',
  validateSearch: linksSearch,
  component: PaymentLinksScreen,
});
const recurring = createRoute({
  getParentRoute: () => root,
  path: '/recurring',
  validateSearch: recurringSearch,
  component: RecurringScreen,
});
const webhooks = createRoute({ getParentRoute: () => root, path: '/webhooks', validateSearch: webhooksSearch, component: WebhooksScreen });
const developers = createRoute({
  getParentRoute: () => root,
  path: '/developers',
  validateSearch: developersSearch,
  component: DevelopersScreen,
});
const payers = createRoute({ getParentRoute: () => root, path: '/payers', validateSearch: payersSearch, component: PayersScreen });
const destinations = createRoute({ getParentRoute: () => root, path: '/destinations', component: DestinationsScreen });
const exceptions = createRoute({ getParentRoute: () => root, path: '/exceptions', component: ExceptionsScreen });
const reconciliation = createRoute({
  getParentRoute: () => root,
  path: '/reconciliation',
  validateSearch: reconciliationSearch,
  component: ReconciliationScreen,
});

export const routeTree = root.addChildren([
  index,
  payments,
  payment,
  links,
  recurring,
  webhooks,
  developers,
  payers,
  destinations,
  exceptions,
  reconciliation,
  unknown,
]);

/** The app's router: browser history, scroll restored on back/forward and reset on a new screen. */
export function createDashboardRouter() {
  return createRouter({ routeTree, scrollRestoration: true, defaultPreload: false });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createDashboardRouter>;
  }
}

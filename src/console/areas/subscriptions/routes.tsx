import { createRoute } from '@tanstack/react-router';
import type { AreaRoutes } from '../../app/areaRoutes';
import { guardedRoute } from '../../app/layoutRoute';
import { ResourceTable } from '../../table/ResourceTable';
import { listSearchSchema } from '../../table/urlState';
import { subscriptionsResource } from './resource';
import { SubscriptionScreen } from './SubscriptionScreen';

/** '/subscriptions' and '/subscriptions/$id'. */
export const subscriptionsRoute = createRoute({
  ...guardedRoute('subscriptions'),
  validateSearch: listSearchSchema(subscriptionsResource),
  component: function SubscriptionsList() {
    const search = subscriptionsRoute.useSearch();
    const navigate = subscriptionsRoute.useNavigate();
    return <ResourceTable resource={subscriptionsResource} search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});

export const subscriptionRoute = createRoute({
  ...guardedRoute('subscriptions/$id'),
  component: function SubscriptionPage() {
    const { id } = subscriptionRoute.useParams();
    return <SubscriptionScreen key={id} subscriptionId={Number(id)} />;
  },
});

export const subscriptionsRoutes: AreaRoutes = [subscriptionsRoute, subscriptionRoute];

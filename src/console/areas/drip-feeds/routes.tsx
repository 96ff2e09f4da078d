import { createRoute } from '@tanstack/react-router';
import type { AreaRoutes } from '../../app/areaRoutes';
import { guardedRoute } from '../../app/layoutRoute';
import { ResourceTable } from '../../table/ResourceTable';
import { listSearchSchema } from '../../table/urlState';
import { dripFeedsResource } from './resource';

/** '/drip-feed': the drip-feed list. */
export const dripFeedsRoute = createRoute({
  ...guardedRoute('drip-feed'),
  validateSearch: listSearchSchema(dripFeedsResource),
  component: function DripFeedList() {
    const search = dripFeedsRoute.useSearch();
    const navigate = dripFeedsRoute.useNavigate();
    return <ResourceTable resource={dripFeedsResource} search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});

export const dripFeedsRoutes: AreaRoutes = [dripFeedsRoute];

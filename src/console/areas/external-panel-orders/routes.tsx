import { createRoute } from '@tanstack/react-router';
import type { AreaRoutes } from '../../app/areaRoutes';
import { guardedRoute } from '../../app/layoutRoute';
import { ResourceTable } from '../../table/ResourceTable';
import { listSearchSchema } from '../../table/urlState';
import { externalPanelOrdersResource } from './resource';

/** '/external-panel-orders': attempts to place orders at external panels. */
export const externalPanelOrdersRoute = createRoute({
  ...guardedRoute('external-panel-orders'),
  validateSearch: listSearchSchema(externalPanelOrdersResource),
  component: function ExternalPanelOrdersList() {
    const search = externalPanelOrdersRoute.useSearch();
    const navigate = externalPanelOrdersRoute.useNavigate();
    return (
      <ResourceTable resource={externalPanelOrdersResource} search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    );
  },
});

export const externalPanelOrdersRoutes: AreaRoutes = [externalPanelOrdersRoute];

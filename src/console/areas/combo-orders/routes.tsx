import { createRoute } from '@tanstack/react-router';
import type { AreaRoutes } from '../../app/areaRoutes';
import { guardedRoute } from '../../app/layoutRoute';
import { ResourceTable } from '../../table/ResourceTable';
import { listSearchSchema } from '../../table/urlState';
import { comboOrdersResource } from './resource';

/** '/combo-orders': the combo orders list. */
export const comboOrdersRoute = createRoute({
  ...guardedRoute('combo-orders'),
  validateSearch: listSearchSchema(comboOrdersResource),
  component: function ComboOrdersList() {
    const search = comboOrdersRoute.useSearch();
    const navigate = comboOrdersRoute.useNavigate();
    return <ResourceTable resource={comboOrdersResource} search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});

export const comboOrdersRoutes: AreaRoutes = [comboOrdersRoute];

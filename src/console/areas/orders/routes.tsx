import { Alert } from '@mantine/core';
import { createRoute } from '@tanstack/react-router';
import type { AreaRoutes } from '../../app/areaRoutes';
import { guardedRoute } from '../../app/layoutRoute';
import { accessGroups } from '../../app/routes';
import { ResourceTable } from '../../table/ResourceTable';
import { listSearchSchema } from '../../table/urlState';
import { OrderScreen } from './OrderScreen';
import { ordersResource } from './resource';

/** '/orders': the orders list (filters in the URL). */
export const ordersRoute = createRoute({
  ...guardedRoute('orders'),
  validateSearch: listSearchSchema(ordersResource),
  component: function OrdersList() {
    const search = ordersRoute.useSearch();
    const navigate = ordersRoute.useNavigate();
    return <ResourceTable resource={ordersResource} search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});

/** '/orders/$orderId': one order, the id passed as a prop. The route table names it '/orders/:id'. */
export const orderRoute = createRoute({
  ...guardedRoute('orders/$orderId', accessGroups('Orders')),
  component: function OrderPage() {
    const { orderId } = orderRoute.useParams();
    const id = Number(orderId);
    if (!Number.isInteger(id) || id <= 0) {
      return (
        <Alert color="red" role="alert" title="Order not found">
          “{orderId}” is not an order id.
        </Alert>
      );
    }
    return <OrderScreen key={id} orderId={id} />;
  },
});

export const ordersRoutes: AreaRoutes = [ordersRoute, orderRoute];

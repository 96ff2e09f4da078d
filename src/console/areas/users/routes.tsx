import { createRoute } from '@tanstack/react-router';
import type { AreaRoutes } from '../../app/areaRoutes';
import { guardedRoute } from '../../app/layoutRoute';
import { routeAccessFor } from '../../app/routes';
import { listSearchSchema } from '../../table/urlState';
import { usersResource } from './resource';
import { UserProfileScreen } from './UserProfileScreen';
import { UsersListScreen } from './UsersListScreen';

/** '/users': the list; its search params are validated by the engine's schema for this resource. */
export const usersRoute = createRoute({
  ...guardedRoute('users'),
  validateSearch: listSearchSchema(usersResource),
  component: function UsersRoute() {
    const search = usersRoute.useSearch();
    const navigate = usersRoute.useNavigate();
    return (
      <>
        <UsersListScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
      </>
    );
  },
});

/** '/users/$userId': the profile (the route table's '/users/:id', same guard). */
export const userRoute = createRoute({
  ...guardedRoute('users/$userId', routeAccessFor('/users/:id')),
  component: function UserRoute() {
    const { userId } = userRoute.useParams();
    return (
      <>
        <UserProfileScreen key={userId} userId={Number(userId)} />
      </>
    );
  },
});

export const usersRoutes: AreaRoutes = [usersRoute, userRoute];

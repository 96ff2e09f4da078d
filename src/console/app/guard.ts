import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { rememberPostLoginPath } from '../session/postLoginPath';
import type { Session } from '../session/session';
import { decideAccess } from '../navigation/routeAccess';
import { findRouteEntry, type RouteAccess } from '../navigation/routes';

/** Throws the router's redirect for a decision other than 'allow'. */
function enforce(access: RouteAccess, session: Session): void {
  const decision = decideAccess(access, session.view());
  if (decision !== 'allow') throw redirect({ to: decision.redirect, replace: true });
}

/**
 * The authenticated layout's guard: guests go to login (their address is kept for after it), the
 * profile is loaded before any screen renders, and the path's entry of the route table is
 * enforced, so a screen is guarded even if its module forgot to be.
 */
export async function guardAppNavigation(session: Session, location: ParsedLocation): Promise<void> {
  if (!session.currentToken()) {
    rememberPostLoginPath(location.href);
    throw redirect({ to: '/login', replace: true });
  }
  try {
    await session.ensureProfile();
  } catch (error) {
    // A 401 while loading the profile has already logged out.
    if (!session.currentToken()) throw redirect({ to: '/login', replace: true });
    throw error;
  }
  const entry = findRouteEntry(location.pathname);
  if (entry) enforce(entry.access, session);
}

/** The guard of one route (used by `guardedRoute`). */
export function guardRoute(access: RouteAccess, session: Session, location: ParsedLocation): void {
  if (access.kind !== 'public' && !session.currentToken()) {
    rememberPostLoginPath(location.href);
    throw redirect({ to: '/login', replace: true });
  }
  enforce(access, session);
}

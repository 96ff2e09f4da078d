import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { detailKeyPrefix } from '../../list/listQuery';

/**
 * Query options of the users area. Every per-user key starts with the engine's detail prefix
 * (['detail', 'users', id]) so a row action run from the list, the profile or the palette reloads
 * the profile and its panels too.
 */

export const USERS_RESOURCE_NAME = 'users';

export const userDetailKey = (userId: number) => [...detailKeyPrefix(USERS_RESOURCE_NAME), userId] as const;

export const userDetailQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userDetailKey(userId),
    queryFn: ({ signal }) => api('usersShow', { params: { userId }, signal }),
  });

export const userDiscountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...userDetailKey(userId), 'discount'] as const,
    queryFn: ({ signal }) => api('usersDiscountShow', { query: { userId }, signal }),
  });

export const userServicesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...userDetailKey(userId), 'user-services'] as const,
    queryFn: ({ signal }) => api('usersUserServices', { params: { userId }, signal }),
  });

export const userAffiliatesQueryOptions = (userId: number, page: number, perPage: number) =>
  queryOptions({
    queryKey: [...userDetailKey(userId), 'affiliates', page, perPage] as const,
    queryFn: ({ signal }) => api('usersAffiliates', { params: { userId }, query: { page, perPage, search: '' }, signal }),
  });

export const verificationDocumentsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...userDetailKey(userId), 'verification-documents'] as const,
    queryFn: ({ signal }) => api('usersVerificationDocuments', { query: { userId }, signal }),
  });

// Dictionaries change rarely: kept for five minutes.
const DICTIONARY_STALE_MS = 5 * 60_000;

export const availableSellersQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'available-sellers'] as const,
    queryFn: ({ signal }) => api('usersAvailableSellers', { signal }),
    staleTime: DICTIONARY_STALE_MS,
  });

export const contactStepsQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'contact-steps'] as const,
    queryFn: ({ signal }) => api('usersContactSteps', { signal }),
    staleTime: DICTIONARY_STALE_MS,
  });

export const gradesAvailableQueryOptions = () =>
  queryOptions({
    queryKey: ['grades', 'available'] as const,
    queryFn: ({ signal }) => api('gradesAvailable', { signal }),
    staleTime: DICTIONARY_STALE_MS,
  });

import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { prefetchList } from '@/features/lists/routes/prefetch-list.ts';
import { AppLoading } from './AppLoading.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

/**
 * A route module: the page as its default export and, optionally, `prefetch`, which
 * becomes the route's loader so its data starts loading with its code.
 */
export interface RouteModule {
  default: ComponentType;
  prefetch?: (queryClient: QueryClient) => LoaderFunction;
}

function lazyPage(load: () => Promise<RouteModule>, queryClient: QueryClient): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    return { Component: module.default, loader: module.prefetch?.(queryClient) };
  };
}

/** The spec §2 route table; every page is its own chunk. */
export function createAppRouter(queryClient: QueryClient) {
  const page = (load: () => Promise<RouteModule>) => ({ lazy: lazyPage(load, queryClient) });
  return createBrowserRouter([
    {
      Component: RootLayout,
      HydrateFallback: AppLoading,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        { index: true, ...page(() => import('./routes/home/HomePage.tsx')) },
        { path: 'about', ...page(() => import('./routes/AboutPage.tsx')) },
        { path: 'not-found', ...page(() => import('./routes/NotFoundPage.tsx')) },
        { path: 'signin', ...page(() => import('@/features/auth/routes/SignInPage.tsx')) },
        { path: 'signup', ...page(() => import('@/features/auth/routes/SignUpPage.tsx')) },
        {
          path: 'requestpassword',
          ...page(() => import('@/features/auth/routes/RequestPasswordPage.tsx')),
        },
        {
          path: 'reset-password/:uidb64/:token',
          ...page(() => import('@/features/auth/routes/ResetPasswordPage.tsx')),
        },
        { path: 'newlist', ...page(() => import('@/features/lists/routes/NewListPage.tsx')) },
        {
          path: 'lists/:listId',
          // Static, not from the page's chunk: the list and the map start with the page's code.
          loader: prefetchList(queryClient),
          ...page(() => import('@/features/lists/routes/ListPage.tsx')),
        },
        {
          path: 'lists/:listId/delete',
          ...page(() => import('@/features/lists/routes/DeleteListPage.tsx')),
        },
        {
          path: 'reviews/:reviewId',
          ...page(() => import('@/features/spots/routes/ReviewPage.tsx')),
        },
        {
          path: 'reviews/:reviewId/delete',
          ...page(() => import('@/features/spots/routes/DeleteReviewPage.tsx')),
        },
        { path: 'newSpot', ...page(() => import('@/features/places/routes/NewSpotPage.tsx')) },
        { path: 'import', ...page(() => import('@/features/imports/routes/ImportPage.tsx')) },
        {
          path: 'import/:importId',
          ...page(() => import('@/features/imports/routes/ImportPage.tsx')),
        },
        { path: '*', ...page(() => import('./routes/NotFoundPage.tsx')) },
      ],
    },
  ]);
}

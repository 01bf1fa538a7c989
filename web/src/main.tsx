import '@fontsource-variable/inter';
import 'virtual:brand-tokens.css';
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { appConfigQuery } from './lib/app-config.ts';
import { sessionQuery } from './lib/auth/api/session.ts';
import { seedQueryCacheFromPage } from './lib/page-data.ts';

const queryClient = createQueryClient();
// Before the router's loaders run: what the server already answered is not asked again.
seedQueryCacheFromPage(queryClient);
const router = createAppRouter(queryClient);
// Ask who is signed in while the first page's code is still loading, not after.
void queryClient.prefetchQuery(sessionQuery);
void queryClient.prefetchQuery(appConfigQuery);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

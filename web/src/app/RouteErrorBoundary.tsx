import { isRouteErrorResponse, useRouteError } from 'react-router';
import styles from './layout/layout.module.css';

/**
 * Last line of defence when a page throws or its code cannot load (e.g. after a deploy
 * replaced the chunks). Renders outside the providers, so it only uses plain elements.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  console.error(error);
  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <a href="/" className={styles.logoLink}>
            <img
              src="/logo.svg"
              alt="Spotbook home"
              width={168}
              height={40}
              className={styles.logo}
            />
          </a>
        </div>
      </header>
      <main className={styles.main}>
        <div className={styles.content}>
          <div className={styles.errorPanel} role="alert">
            <h1>{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
            <p>
              {status === 404
                ? 'The page you are looking for does not exist.'
                : 'The page could not be shown. Reloading usually helps.'}
            </p>
            <p className={styles.errorActions}>
              <a href={typeof window === 'undefined' ? '/' : window.location.href}>
                Reload the page
              </a>
              <a href="/">Go to the home page</a>
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}

import { Outlet } from 'react-router';
import { CloseModalsOnRouteChange, ModalProvider } from '@/components/modal/ModalProvider.tsx';
import { ScrollToTop } from '@/components/ScrollToTop.tsx';
import { AuthProvider } from '@/lib/auth/AuthProvider.tsx';
import { Footer } from './Footer.tsx';
import styles from './layout.module.css';
import { NavigationProgress } from './NavigationProgress.tsx';
import { TopBar } from './TopBar.tsx';

/** The frame of every page (spec §1): top bar, content column, footer. */
export function RootLayout() {
  return (
    <AuthProvider>
      <ModalProvider>
        <ScrollToTop />
        <CloseModalsOnRouteChange />
        <div className={styles.shell}>
          <a href="#main" className={styles.skipLink}>
            Skip to content
          </a>
          <TopBar />
          <NavigationProgress />
          <main id="main" className={styles.main} tabIndex={-1}>
            <div className={styles.content}>
              <Outlet />
            </div>
          </main>
          <Footer />
        </div>
      </ModalProvider>
    </AuthProvider>
  );
}

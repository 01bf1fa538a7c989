import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/Button.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { AccountMenu } from './AccountMenu.tsx';
import styles from './layout.module.css';

/** Spec §1: the logo (home) on the left, the account area on the right. */
export function TopBar() {
  const { status, user } = useAuth();
  return (
    <header className={styles.topbar}>
      <div className={styles.topbarInner}>
        <Link to="/" className={styles.logoLink}>
          <img
            src="/logo.svg"
            alt="Spotbook home"
            width={168}
            height={40}
            className={styles.logo}
          />
        </Link>
        <nav className={styles.account} aria-label="Account">
          {status === 'authenticated' && user && (
            <>
              <ButtonLink
                to="/newSpot"
                size="sm"
                icon={<Plus size={18} aria-hidden="true" />}
                className={styles.addSpot}
              >
                <span className={styles.addSpotText}>Add spot</span>
              </ButtonLink>
              <AccountMenu user={user} />
            </>
          )}
          {status === 'anonymous' && (
            <>
              <ButtonLink to="/signin" variant="quiet" size="sm">
                Sign In
              </ButtonLink>
              <ButtonLink to="/signup" size="sm">
                Sign Up
              </ButtonLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

import { House, LogOut, Mail } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/Button.tsx';
import { useContactEmail } from '@/lib/app-config.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import styles from './layout.module.css';

/** Spec §1: the contact mail link and, when signed in, Home and Logout. */
export function Footer() {
  const { status, logout } = useAuth();
  const contactEmail = useContactEmail();
  const [loggingOut, setLoggingOut] = useState(false);

  async function onLogout() {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerAbout}>
          <p className={styles.footerTagline}>Spotbook · your places, remembered.</p>
          <p className={styles.footerLinks}>
            <a href={`mailto:${contactEmail}`} className={styles.contact}>
              <Mail size={16} aria-hidden="true" />
              {contactEmail}
            </a>
            <Link to="/about">About &amp; credits</Link>
          </p>
        </div>
        {status === 'authenticated' && (
          <div className={styles.footerActions}>
            <ButtonLink
              to="/"
              variant="secondary"
              size="sm"
              icon={<House size={16} aria-hidden="true" />}
            >
              Home
            </ButtonLink>
            <Button
              variant="secondary"
              size="sm"
              icon={<LogOut size={16} aria-hidden="true" />}
              busy={loggingOut}
              busyLabel="Logging out..."
              onClick={() => void onLogout()}
            >
              Logout
            </Button>
          </div>
        )}
      </div>
    </footer>
  );
}

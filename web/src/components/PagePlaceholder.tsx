import { Hammer, House } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './Button.tsx';
import { PageHeader } from './PageHeader.tsx';
import styles from './page-placeholder.module.css';

export interface PagePlaceholderProps {
  title: string;
  /** One sentence on what this page will do. */
  children?: ReactNode;
}

/** A designed stand-in for a page whose feature is still being built: never a crash. */
export function PagePlaceholder({ title, children }: PagePlaceholderProps) {
  return (
    <>
      <PageHeader title={title} />
      <div className={styles.card}>
        <div className={styles.icon} aria-hidden="true">
          <Hammer size={26} />
        </div>
        <p className={styles.heading}>This page is being built</p>
        {children && <p className={styles.text}>{children}</p>}
        <ButtonLink to="/" variant="secondary" icon={<House size={18} aria-hidden="true" />}>
          Back to home
        </ButtonLink>
      </div>
    </>
  );
}

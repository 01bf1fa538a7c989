import { PageHeader } from '@/components/PageHeader.tsx';
import { useAppConfig, useContactEmail } from '@/lib/app-config.ts';
import { CREDITS, OSM_CREDIT } from './credits.ts';
import styles from './simple-page.module.css';

/** `/about`: what Spotbook is, and the credits the open data and libraries ask for. */
export default function AboutPage() {
  const contactEmail = useContactEmail();
  const { data: config } = useAppConfig();
  const credits = config?.openstreetmap_data ? [...CREDITS, OSM_CREDIT] : CREDITS;

  return (
    <div className={styles.prose}>
      <PageHeader
        title="About Spotbook"
        subtitle="A private notebook for places, with lists you can share."
      />
      <p>
        Spotbook helps you remember the places you have been and the ones you want to see. Your
        spots and reviews are yours alone; a list becomes visible to others only when you make it
        shareable by link. Questions or ideas? Write to{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </p>

      <h2 className={styles.sectionTitle}>Open data and credits</h2>
      <p>Spotbook runs on open data and open-source software. Thank you to:</p>
      <ul role="list" className={styles.credits}>
        {credits.map((credit) => (
          <li key={credit.name} className={styles.credit}>
            <p className={styles.creditName}>
              <a href={credit.url} rel="noreferrer" target="_blank">
                {credit.name}
              </a>
            </p>
            <p className={styles.creditUse}>{credit.use}</p>
            <p className={styles.creditLicence}>
              Licence:{' '}
              <a href={credit.licenceUrl} rel="noreferrer" target="_blank">
                {credit.licence}
              </a>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { ButtonLink } from '@/components/Button.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { RequireAuth } from '@/components/RequireAuth.tsx';
import { ImportJob } from '../components/ImportJob.tsx';
import { StartImport } from '../components/StartImport.tsx';

/** `/import` and `/import/{id}` (issue 12, login required): bring places in from a file. */
export default function ImportPage() {
  return (
    <RequireAuth title="Sign in to import places">
      <ImportScreen />
    </RequireAuth>
  );
}

function ImportScreen() {
  const { importId } = useParams();
  const id = importId === undefined ? null : Number(importId);
  // One polite live region for the whole page: progress milestones, fixes, the summary.
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement(message), []);
  return (
    <>
      <PageHeader
        title="Import places"
        subtitle="Bring in your saved places from Google Maps, My Maps or another app, check them, then save them as spots and lists."
      />
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {id === null ? (
        <StartImport announce={announce} />
      ) : Number.isSafeInteger(id) && id > 0 ? (
        <ImportJob key={id} id={id} announce={announce} />
      ) : (
        <Alert tone="error" title="This import does not exist.">
          <ButtonLink size="sm" to="/import" variant="secondary">
            Import a file
          </ButtonLink>
        </Alert>
      )}
    </>
  );
}

import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/PageHeader.tsx';
import { RequireAuth } from '@/components/RequireAuth.tsx';
import { useCreateList } from '../api/create-list.ts';
import { ListForm } from '../components/ListForm.tsx';
import { listPath } from '../lib/list-links.ts';
import styles from './list-pages.module.css';

/** `/newlist` (login required, spec §2): on success, straight to the new list. */
export default function NewListPage() {
  return (
    <RequireAuth title="Sign in to create a list">
      <NewListForm />
    </RequireAuth>
  );
}

function NewListForm() {
  const navigate = useNavigate();
  const createList = useCreateList();
  return (
    <div className={styles.narrow}>
      <PageHeader
        title="Create a list"
        subtitle="Name a list, describe it and choose whether friends can open it by link."
      />
      <div className={styles.card}>
        <ListForm
          submitLabel="Create List"
          busyLabel="Creating List..."
          onSubmit={async (body) => {
            const list = await createList.mutateAsync(body);
            await navigate(listPath(list));
          }}
        />
      </div>
    </div>
  );
}

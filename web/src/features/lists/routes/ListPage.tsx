import { PagePlaceholder } from '@/components/PagePlaceholder.tsx';

/** `/lists/:listId` (open to anyone for shareable lists): comes with the lists issue. */
export default function ListPage() {
  return (
    <PagePlaceholder title="List">
      A list will show its spots on a map and as cards, with sharing and following.
    </PagePlaceholder>
  );
}

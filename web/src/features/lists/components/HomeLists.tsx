import { Plus, Search, X } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { IconButton } from '@/components/IconButton.tsx';
import { useOwnLists } from '../api/own-lists.ts';
import { useSavedLists } from '../api/saved-lists.ts';
import { FollowedLists } from './FollowedLists.tsx';
import { ListSearch } from './ListSearch.tsx';
import { MyLists } from './MyLists.tsx';
import { useHomeListParams } from './use-home-list-params.ts';
import styles from './home-lists.module.css';

/**
 * The home page's side column (spec §2): My Lists with Create List and the search
 * toggle, then Followed Lists. One search box filters both sections.
 */
export function HomeLists() {
  const navigate = useNavigate();
  const params = useHomeListParams();
  const searchId = useId();
  // The unfiltered first pages (cached, usually the very queries shown) tell whether
  // the user has any list at all: the search toggle only appears then (spec §2).
  const ownTotal = useOwnLists(1, '').data?.count;
  const savedTotal = useSavedLists(1, '').data?.count;
  const hasAnyList = (ownTotal ?? 0) > 0 || (savedTotal ?? 0) > 0;
  const search = params.searching ? params.search : '';

  return (
    <div className={styles.column}>
      <section className={styles.section} aria-labelledby="home-my-lists">
        <div className={styles.header}>
          <h2 id="home-my-lists" className={styles.heading}>
            My Lists
          </h2>
          <div className={styles.tools}>
            {(hasAnyList || params.searching) && (
              <IconButton
                label={params.searching ? 'Close Search' : 'Open Search'}
                icon={
                  params.searching ? (
                    <X size={20} aria-hidden="true" />
                  ) : (
                    <Search size={20} aria-hidden="true" />
                  )
                }
                aria-expanded={params.searching}
                aria-controls={params.searching ? searchId : undefined}
                onClick={() => (params.searching ? params.closeSearch() : params.setSearch(''))}
              />
            )}
            <IconButton
              label="Create List"
              variant="primary"
              icon={<Plus size={22} aria-hidden="true" />}
              onClick={() => void navigate('/newlist')}
            />
          </div>
        </div>
        {params.searching && (
          <ListSearch id={searchId} value={params.search} onSearch={params.setSearch} />
        )}
        <MyLists
          page={params.ownPage}
          search={search}
          knownCount={ownTotal}
          onPageChange={params.setOwnPage}
        />
      </section>
      <section className={styles.section} aria-labelledby="home-followed-lists">
        <h2 id="home-followed-lists" className={styles.heading}>
          Followed Lists
        </h2>
        <FollowedLists
          page={params.savedPage}
          search={search}
          knownCount={savedTotal}
          onPageChange={params.setSavedPage}
        />
      </section>
    </div>
  );
}

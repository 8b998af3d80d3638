import type { ReactNode } from 'react';
import { FileGrid } from '@/features/files/file-grid';
import { FolderResult, UserResult } from './result-cards';
import { countNumber } from './result-count';
import type { GroupedResults } from './search-params';

function Group({ id, title, count, capped, children }: { id: string; title: string; count?: number; capped?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="flex items-baseline gap-2 text-lg font-semibold tracking-tight">
        {title}
        {count !== undefined && <span className="text-sm font-normal text-muted-foreground tabular-nums">{countNumber(count, capped)}</span>}
      </h2>
      {children}
    </section>
  );
}

const CARD_GRID = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Results grouped as Users, Folders, Files; a group with nothing is left out. */
export function SearchResults({ groups, counts }: { groups: GroupedResults; counts?: { users: number; folders: number; files: number; capped?: boolean } }) {
  return (
    <div className="space-y-10">
      {groups.users.length > 0 && (
        <Group id="results-users" title="Users" count={counts?.users}>
          <div className={CARD_GRID}>{groups.users.map((user) => <UserResult key={user.id} user={user} />)}</div>
        </Group>
      )}
      {groups.folders.length > 0 && (
        <Group id="results-folders" title="Folders" count={counts?.folders}>
          <div className={CARD_GRID}>{groups.folders.map((folder) => <FolderResult key={folder.id} folder={folder} />)}</div>
        </Group>
      )}
      {groups.files.length > 0 && (
        <Group id="results-files" title="Files" count={counts?.files} capped={counts?.capped}>
          <FileGrid files={groups.files} keepOrder />
        </Group>
      )}
    </div>
  );
}

import type { EventWriter } from '../../events/event-writer';
import type { CollaboratorRow, CollaboratorsRepo } from './collaborators.repo';
import type { FolderFilesRepo } from './folder-files.repo';
import type { FolderChanges, FoldersRepo, NewFolder } from './folders.repo';
import type { InviteRow, InvitesRepo } from './invites.repo';

/**
 * Folders, their links, collaborators and invites with their writes: each runs in one
 * transaction that records what it did (server/events/event-table.ts: whose grants change, which
 * jobs notify).
 */
export function createFolderWrites(repos: { folders: FoldersRepo; links: FolderFilesRepo; collaborators: CollaboratorsRepo; invites: InvitesRepo }, events: EventWriter) {
  const { folders, links, collaborators, invites } = repos;
  return {
    folders: {
      ...folders,
      insert: (values: NewFolder) =>
        events.write(async (tx, emit) => {
          const row = await folders.insert(tx, values);
          emit({ type: 'folder.created', folderId: row.id });
          return row;
        }),
      update: (id: number, values: FolderChanges) =>
        events.write(async (tx, emit) => {
          await folders.update(tx, id, values);
          emit({ type: 'folder.updated', folderId: id });
        }),
      delete: (id: number) =>
        events.write(async (tx, emit) => {
          await folders.delete(tx, id);
          emit({ type: 'folder.deleted', folderId: id });
        }),
    },
    links: {
      ...links,
      /** True when this call made the link (a repeat, or a racing twin, records nothing). */
      link: (folderId: number, fileId: number, addedBy: number) =>
        events.write(async (tx, emit) => {
          const made = await links.link(tx, folderId, fileId, addedBy);
          if (made) emit({ type: 'file.saved', fileId, folderId, userId: addedBy });
          return made;
        }),
      unlink: (folderId: number, fileId: number) =>
        events.write(async (tx, emit) => {
          const gone = await links.unlink(tx, folderId, fileId);
          if (gone) emit({ type: 'file.unsaved', fileId, folderId });
          return gone;
        }),
    },
    collaborators: {
      ...collaborators,
      upsert: (folderId: number, userId: number, role: CollaboratorRow['role'], invitedBy: number) =>
        events.write(async (tx, emit) => {
          await collaborators.upsert(tx, folderId, userId, role, invitedBy);
          emit({ type: 'collaborator.added', folderId, userId });
        }),
      setRole: (folderId: number, userId: number, role: CollaboratorRow['role']) =>
        events.write(async (tx, emit) => {
          const set = await collaborators.setRole(tx, folderId, userId, role);
          if (set) emit({ type: 'collaborator.role-changed', folderId, userId });
          return set;
        }),
      remove: (folderId: number, userId: number) =>
        events.write(async (tx, emit) => {
          const gone = await collaborators.remove(tx, folderId, userId);
          if (gone) emit({ type: 'collaborator.removed', folderId, userId });
          return gone;
        }),
    },
    invites: {
      ...invites,
      insert: (values: Parameters<InvitesRepo['insert']>[1]) =>
        events.write(async (tx, emit) => {
          const row = await invites.insert(tx, values);
          emit({ type: 'invite.created', inviteId: row.id, addressed: row.invitedUserId !== null });
          return row;
        }),
      /** Ends a pending invite; false when it was no longer pending (someone else acted first). A decline is an answer. */
      close: (id: number, status: 'declined' | 'revoked', usedBy: number | null) =>
        events.write(async (tx, emit) => {
          const closed = await invites.close(tx, id, status, usedBy);
          if (closed && status === 'revoked') emit({ type: 'invite.revoked', inviteId: id });
          if (closed && status === 'declined' && usedBy !== null) emit({ type: 'invite.declined', inviteId: id, userId: usedBy });
          return closed;
        }),
      /**
       * Marks the invite used and adds the collaborator in one transaction. The conditional
       * update lets exactly one acceptance win; an existing collaborator keeps their role.
       */
      accept: (invite: InviteRow, userId: number) =>
        events.write(async (tx, emit) => {
          const accepted = await invites.accept(tx, invite, userId);
          if (accepted) emit({ type: 'invite.accepted', inviteId: invite.id, userId });
          return accepted;
        }),
    },
  };
}
export type FolderWrites = ReturnType<typeof createFolderWrites>;

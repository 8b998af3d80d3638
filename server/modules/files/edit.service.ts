import { fileMessages } from '../../../contract/files';
import type { UpdateFileBody } from '../../../contract/files';
import { hashtagsOf, mentionsOf, postMessages } from '../../../contract/post-text';
import { fileEditRights, findVisibleFile, type Viewer } from '../../access/visibility';
import { ForbiddenError } from '../../lib/errors';
import type { FileRow, NewFile } from './files.repo';
import type { Files } from './file-writes';

/** What a collaborator who edits a folder holding the file may change (docs/decisions/032). */
const EDITOR_FIELDS: ReadonlySet<string> = new Set(['tags', 'altText']);


/**
 * Edits after posting (`PATCH /api/files/{id}`). The write records `file.updated`, whose line in
 * server/events/event-table.ts announces the file's card (and, for visibility or the sensitive
 * mark, the public skeleton and every member's grants) on the invalidation bus: the next read on
 * any process shows the edit.
 */
export function createEditService(d: { files: Files }) {
  /** The columns this body sets, the derived ones included (hashtags, the effective NSFW flag). */
  function changes(file: FileRow, body: UpdateFileBody): Partial<NewFile> {
    const values: Partial<NewFile> = { editedAt: new Date() };
    if (body.name !== undefined) values.name = body.name;
    if (body.description !== undefined) values.description = body.description;
    if (body.name !== undefined || body.description !== undefined) values.hashtags = hashtagsOf(body.name ?? file.name, body.description ?? file.description);
    if (body.tags !== undefined) values.tags = body.tags;
    if (body.altText !== undefined) values.altText = body.altText || null;
    if (body.isPublic !== undefined && body.isPublic !== file.isPublic) values.isPublic = body.isPublic;
    if (body.sensitive !== undefined) {
      values.sensitive = body.sensitive;
      // The author adds their mark to the automatic one; taking theirs back leaves the automatic one.
      const isNsfw = body.sensitive || file.nsfwFlagged;
      if (isNsfw !== file.isNsfw) values.isNsfw = isNsfw;
    }
    if (body.contentWarning !== undefined) values.contentWarning = body.contentWarning || null;
    return values;
  }

  return {
    /** The edited row, or 404 (not visible), 403 (not theirs to change) with nothing written. */
    async edit(id: number, editor: NonNullable<Viewer>, body: UpdateFileBody): Promise<FileRow> {
      const file = await findVisibleFile(d.files, id, editor);
      const rights = await fileEditRights(d.files, file, editor);
      if (rights === 'none') throw new ForbiddenError(fileMessages.notOwner);
      if (rights === 'tagsAndAlt' && Object.keys(body).some((k) => !EDITOR_FIELDS.has(k))) throw new ForbiddenError(postMessages.editorsTagsAndAlt);
      // Members a new description mentions are told by its event's job (once per file and member),
      // committed with the edit.
      const mentions = body.description !== undefined && body.description !== file.description && mentionsOf(body.description).length > 0;
      return d.files.update(file.id, changes(file, body), mentions ? [{ type: 'file.described', fileId: file.id, userId: editor.id }] : []);
    },
  };
}
export type EditService = ReturnType<typeof createEditService>;

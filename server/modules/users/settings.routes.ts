import type { FastifyRequest } from 'fastify';
import type { settingsEndpoints } from '../../../contract/api/users';
import { controlCharsMessage, isSafeText } from '../../../contract/common';
import { AVATAR_MAX_BYTES } from '../../../contract/limits';
import { AVATAR_FIELD, settingsMessages } from '../../../contract/settings';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import { InvalidStorageKeyError, StorageNotFoundError, type Storage } from '../../storage/storage';
import { AVATAR_PREFIX, isAvatarName } from './avatar';
import type { SettingsService } from './settings.service';
import { toCurrentUser } from './users.presenter';

type Deps = { settings: SettingsService; storage: Storage };

/** The settings screen's calls plus stored preferences and avatar serving. */
export function settingsHandlers(d: Deps): HandlersFor<typeof settingsEndpoints> {
  const { settings } = d;
  return {
    updateProfile: async (request) => toCurrentUser(await settings.updateProfile(request.user, request.body)),
    updateEmail: async (request) => toCurrentUser(await settings.updateEmail(request.user, request.body.email)),
    updatePassword: async (request) => toCurrentUser(await settings.updatePassword(request.user, request.body.newPassword, request.sessionId)),
    uploadAvatar: async (request) => {
      const upload = await readAvatarUpload(request);
      return toCurrentUser(await settings.replaceAvatar(request.user, upload));
    },
    removeAvatar: async (request) => toCurrentUser(await settings.removeAvatar(request.user)),
    getPreferences: async (request) => settings.preferencesOf(request.user),
    updatePreferences: async (request) => settings.updatePreferences(request.user, request.body),
    getAvatar: async (request, reply) => {
      const { name } = request.params;
      if (!isAvatarName(name)) throw new NotFoundError();
      try {
        const stream = await d.storage.get(AVATAR_PREFIX + name);
        // Avatar names are random and never reused: the bytes behind one URL never change.
        return reply
          .header('content-type', 'image/webp')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(stream);
      } catch (err) {
        if (err instanceof StorageNotFoundError || err instanceof InvalidStorageKeyError) throw new NotFoundError();
        throw err;
      }
    },
  };
}

/** The one file of the `avatar` field, read into memory with the 5 MB cap enforced while streaming. */
async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError(settingsMessages.selectImage);
  let file;
  try {
    file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 }, throwFileSizeLimit: true });
    if (!file || file.fieldname !== AVATAR_FIELD) throw new ValidationError(settingsMessages.selectImage);
    assertSafeFields(file.fields);
    const bytes = await file.toBuffer();
    // The per-chunk check of the plugin can miss a limit reached on the last chunk.
    if (file.file.truncated) throw new PayloadTooLargeError(settingsMessages.imageTooLarge);
    return bytes;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(settingsMessages.imageTooLarge);
    throw err;
  }
}

/** The same text rule as every other field: a value with control characters is refused, even one we ignore. */
function assertSafeFields(fields: Record<string, unknown>): void {
  for (const entry of Object.values(fields).flat()) {
    const f = entry as { type?: string; fieldname?: string; value?: unknown };
    if (f?.type === 'field' && typeof f.value === 'string' && !isSafeText(f.value, true)) {
      throw new ValidationError(controlCharsMessage, { [f.fieldname ?? '_']: controlCharsMessage });
    }
  }
}

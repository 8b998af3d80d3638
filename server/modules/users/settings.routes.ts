import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { controlCharsMessage, errorResponse, isSafeText, text } from '../../../contract/common';
import { AVATAR_MAX_BYTES } from '../../../contract/limits';
import { emailBody, passwordBody, preferences, preferencesPatch, profileBody, settingsApi, settingsMessages } from '../../../contract/settings';
import { currentUser } from '../../../contract/users';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { InvalidStorageKeyError, StorageNotFoundError, type Storage } from '../../storage/storage';
import { AVATAR_PREFIX, isAvatarName } from './avatar';
import type { SettingsService } from './settings.service';
import { toCurrentUser } from './users.presenter';

type Deps = { settings: SettingsService; storage: Storage };

const tags = ['settings'];
const refusals = { 400: errorResponse, 401: errorResponse, 409: errorResponse };
const AVATAR_FIELD = 'avatar';

/** The settings screen's calls (spec 1 §7) plus stored preferences and avatar serving. */
export async function settingsRoutes(app: FastifyInstance, d: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = d;

  r.put(settingsApi.profile, { config: { budget: 'account' }, schema: { tags, body: profileBody, response: { 200: currentUser, ...refusals } } }, async (request) => {
    const user = requireUser(request);
    return toCurrentUser(await settings.updateProfile(user, request.body));
  });

  r.put(settingsApi.email, { config: { budget: 'account' }, schema: { tags, body: emailBody, response: { 200: currentUser, ...refusals } } }, async (request) => {
    const user = requireUser(request);
    return toCurrentUser(await settings.updateEmail(user, request.body.email));
  });

  r.put(settingsApi.password, { config: { budget: 'account' }, schema: { tags, body: passwordBody, response: { 200: currentUser, ...refusals } } }, async (request) => {
    const user = requireUser(request);
    return toCurrentUser(await settings.updatePassword(user, request.body.newPassword, request.sessionId));
  });

  r.put(
    settingsApi.avatar,
    {
      config: { budget: 'account' },
      schema: {
        tags,
        description: `multipart/form-data with one image file in the field \`${AVATAR_FIELD}\`, at most 5 MB`,
        consumes: ['multipart/form-data'],
        response: { 200: currentUser, 400: errorResponse, 401: errorResponse, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const upload = await readAvatarUpload(request);
      return toCurrentUser(await settings.replaceAvatar(user, upload));
    },
  );

  r.delete(settingsApi.avatar, { schema: { tags, response: { 200: currentUser, 401: errorResponse } } }, async (request) => {
    const user = requireUser(request);
    return toCurrentUser(await settings.removeAvatar(user));
  });

  r.get(settingsApi.preferences, { schema: { tags, response: { 200: preferences, 401: errorResponse } } }, async (request) => {
    return settings.preferencesOf(requireUser(request));
  });

  r.put(
    settingsApi.preferences,
    { schema: { tags, body: preferencesPatch, response: { 200: preferences, 400: errorResponse, 401: errorResponse } } },
    async (request) => settings.updatePreferences(requireUser(request), request.body),
  );

  r.get(
    '/uploads/avatars/:name',
    { schema: { tags, params: z.object({ name: text().max(100) }) } },
    async (request, reply) => {
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
  );
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

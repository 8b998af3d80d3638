import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { files, folderCollaborators, folderFiles, folderInvites, folders } from '../../server/db/schema/index';
import * as samples from './media-samples';
import type { TestApp } from './test-app';
import { signUp, type TestClient } from './test-client';
import { storedFiles, upload as uploadFile } from './upload';

// Shared by the folder integration tests: the six actors of the permission matrix and a snapshot of every
// folder table, so a refused call can be proven to have changed nothing.

export type Actor = 'owner' | 'editor' | 'viewer' | 'other' | 'visitor' | 'admin';
export const actors: Actor[] = ['visitor', 'other', 'admin', 'viewer', 'editor', 'owner'];
export const ADMIN_EMAIL = 'folders-admin@example.com';
export const testEnv = { AUTH_RATE_LIMIT: '1000', ADMIN_EMAILS: ADMIN_EMAIL };

export type Cast = { clients: Record<Actor, TestClient>; ids: Record<Exclude<Actor, 'visitor'>, number> };

/** Signs up every actor but the visitor; the admin by ADMIN_EMAILS. */
export async function castActors(t: TestApp): Promise<Cast> {
  const clients = {} as Record<Actor, TestClient>;
  const ids = {} as Cast['ids'];
  for (const a of actors) clients[a] = t.client();
  for (const a of actors) {
    if (a === 'visitor') continue;
    const m = await signUp(clients[a], a === 'admin' ? { email: ADMIN_EMAIL } : {});
    ids[a] = m.id;
  }
  return { clients, ids };
}

/** A small GIF uploaded by this member; `extra` adds form fields (isPublic, folderId). */
export async function upload(client: TestClient, name: string, extra: Record<string, string> = {}) {
  return uploadFile(client, await samples.gif(), name, extra, 'image/gif');
}

export async function uploadOk(client: TestClient, name: string, extra: Record<string, string> = {}): Promise<number> {
  const res = await upload(client, name, extra);
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

/** Every row of the folder tables, the files, and the stored objects: equal before and after a refusal. */
export async function snapshot(t: TestApp): Promise<string> {
  const db = t.database.db;
  return JSON.stringify({
    folders: await db.select().from(folders).orderBy(asc(folders.id)),
    links: await db.select().from(folderFiles).orderBy(asc(folderFiles.id)),
    collaborators: await db.select().from(folderCollaborators).orderBy(asc(folderCollaborators.id)),
    invites: await db.select().from(folderInvites).orderBy(asc(folderInvites.id)),
    files: (await db.select({ id: files.id }).from(files).orderBy(asc(files.id))).map((f) => f.id),
    stored: (await storedFiles(t.config.uploadsDir)).length,
  });
}

export async function createFolder(client: TestClient, body: Record<string, unknown>): Promise<number> {
  const res = await client.post('/api/folders', body);
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

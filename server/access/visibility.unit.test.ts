import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../lib/errors';
import { canViewFile, discoveryOptions, fileAbilities, findVisibleFile, findVisibleFileByKeyBase, visibleFilesSql, type Viewer } from './visibility';

const owner: Viewer = { id: 7 };
const member: Viewer = { id: 8 };
const admin: Viewer = { id: 9, isAdmin: true };
function file(over: Partial<{ isPublic: boolean; isNsfw: boolean }> = {}) {
  return { userId: 7, isPublic: true, isNsfw: false, ...over };
}
function render(where: SQL) {
  return new PgDialect().sqlToQuery(where);
}

describe('canViewFile', () => {
  it.each([
    ['public', file(), { owner: true, member: true, visitor: true, admin: true }],
    ['private', file({ isPublic: false }), { owner: true, member: false, visitor: false, admin: false }],
    ['nsfw', file({ isNsfw: true }), { owner: true, member: true, visitor: true, admin: true }],
  ] as const)('a %s file', (_name, f, expected) => {
    expect({
      owner: canViewFile(f, owner),
      member: canViewFile(f, member),
      visitor: canViewFile(f, null),
      admin: canViewFile(f, admin),
    }).toEqual(expected);
  });

  it('leaves NSFW files out when asked, even the owner’s', () => {
    expect(canViewFile(file({ isNsfw: true }), null, { excludeNsfw: true })).toBe(false);
    expect(canViewFile(file({ isNsfw: true }), owner, { excludeNsfw: true })).toBe(false);
    expect(canViewFile(file(), null, { excludeNsfw: true })).toBe(true);
  });
});

describe('discoveryOptions', () => {
  it('leaves NSFW out for visitors only', () => {
    expect(discoveryOptions(null)).toEqual({ excludeNsfw: true });
    expect(discoveryOptions(member)).toEqual({ excludeNsfw: false });
  });
});

describe('fileAbilities', () => {
  it('lets the owner edit and delete, nobody else (admins included)', () => {
    expect(fileAbilities(file(), owner)).toEqual({ canEdit: true, canDelete: true });
    for (const v of [member, admin, null]) expect(fileAbilities(file(), v)).toEqual({ canEdit: false, canDelete: false });
  });
});

describe('visibleFilesSql', () => {
  it('asks only for public files of members not suspended for a visitor', () => {
    const q = render(visibleFilesSql(null));
    expect(q.sql).toContain('"is_public"');
    // The owner is named only to leave suspended members out: no grant, no follow, no block.
    expect(q.sql).toContain('suspended_at is not null');
    expect(q.sql).not.toContain('blocks');
    expect(q.sql).not.toContain('collaborators');
  });

  it('adds the viewer’s own files for a member, by the viewer’s id', () => {
    const q = render(visibleFilesSql(member));
    expect(q.sql).toMatch(/"is_public".* or .*"user_id"/);
    expect(q.params).toContain(8);
  });

  it('adds the NSFW filter only when asked', () => {
    expect(render(visibleFilesSql(member)).sql).not.toContain('"is_nsfw"');
    expect(render(visibleFilesSql(null, { excludeNsfw: true })).sql).toContain('"is_nsfw"');
  });
});

describe('findVisibleFile', () => {
  const row = { id: 1 };
  const repoAnswering = (answer: typeof row | null) => {
    const asked: ReturnType<typeof render>[] = [];
    return { asked, findOneWhere: async (where: SQL) => (asked.push(render(where)), answer) };
  };

  it('looks the file up under the visibility condition, in one query', async () => {
    const repo = repoAnswering(row);
    await expect(findVisibleFile(repo, 42, member)).resolves.toBe(row);
    expect(repo.asked).toHaveLength(1);
    expect(repo.asked[0].sql).toMatch(/"id" = .*"is_public"/);
    expect(repo.asked[0].params).toEqual(expect.arrayContaining([42, 8]));
  });

  it('answers the same 404 for a missing file and a hidden one', async () => {
    const error = await findVisibleFile(repoAnswering(null), 42, member).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe('File not found');
  });

  it('finds a stored object’s file by its key prefix under the same rule', async () => {
    const repo = repoAnswering(null);
    await expect(findVisibleFileByKeyBase(repo, 'ab/cd/x', null)).rejects.toThrow('File not found');
    expect(repo.asked[0].sql).toMatch(/"key_base" = .*"is_public"/);
  });
});

import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Viewer } from './viewer';

/**
 * Hidden members (docs/decisions/028-safety-kit.md), one place for every read and write:
 * - a block: when either of two members blocked the other, neither sees the other's files,
 *   folders, profile, comments or likes, and neither can reach the other (404, as if they did
 *   not exist);
 * - a suspension: a suspended member's content and profile are hidden from everyone but admins.
 * The visibility module joins `notHiddenOwnerSql` into its file and folder conditions and checks
 * cached cards against the hidden set, so every list, count and byte path inherits both.
 */

/** The suspended members, as an id list (the partial index users_suspended_idx). */
export const suspendedIdsSql = sql`select u.id from users u where u.suspended_at is not null`;

/** The members whose content a block (either way) hides from `viewer`, as an id list. */
export function blockedIdsSql(viewer: NonNullable<Viewer>): SQL {
  return sql`select b.blocked_id from blocks b where b.blocker_id = ${viewer.id}
    union all select b.blocker_id from blocks b where b.blocked_id = ${viewer.id}`;
}

/** The members `viewer` muted: left out of their feed, comment lists and bell only. */
export function mutedIdsSql(viewer: NonNullable<Viewer>): SQL {
  return sql`select m.muted_id from mutes m where m.muter_id = ${viewer.id}`;
}

/** Every member hidden from `viewer`, as an uncorrelated id list (computed once per query); admins still see the suspended. */
export function hiddenOwnerIdsSql(viewer: Viewer): SQL {
  if (!viewer) return suspendedIdsSql;
  if (viewer.isAdmin) return blockedIdsSql(viewer);
  return sql`${blockedIdsSql(viewer)} union all ${suspendedIdsSql}`;
}

/** A WHERE condition: the member in `ownerColumn` is not hidden from the viewer. */
export function notHiddenOwnerSql(ownerColumn: SQLWrapper, viewer: Viewer): SQL {
  return sql`${ownerColumn} not in (${hiddenOwnerIdsSql(viewer)})`;
}

/** The rule for one loaded member row: suspended members are hidden from all but admins. */
export function isSuspendedFor(member: { suspendedAt: Date | null }, viewer: Viewer): boolean {
  return member.suspendedAt !== null && viewer?.isAdmin !== true;
}

/** The rule for one loaded row, given the members hidden from the viewer (held in memory by the read caches). */
export function isHiddenOwner(ownerId: number, viewer: Viewer, hidden: ReadonlySet<number>): boolean {
  return (viewer === null || ownerId !== viewer.id) && hidden.has(ownerId);
}

/** A condition that holds when a block stands between members `a` and `b`, whichever way (one indexed probe each way). */
export function blockBetweenSql(a: SQLWrapper | number, b: SQLWrapper | number): SQL {
  return sql`exists (select 1 from blocks b where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))`;
}

/** Whether a block stands between two members (writes and lookups that name a member ask this). */
export type BlockLookup = { isBlockedBetween(a: number, b: number): Promise<boolean> };

/** The one-row check: `memberId` is hidden from the viewer (never from themself, never for a visitor). */
export async function isMemberHidden(lookup: BlockLookup, memberId: number, viewer: Viewer): Promise<boolean> {
  if (!viewer || viewer.id === memberId) return false;
  return lookup.isBlockedBetween(viewer.id, memberId);
}

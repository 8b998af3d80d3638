import type { SessionDto } from '../../../contract/account-security';
import type { SessionRow } from '../auth/sessions.repo';
import { describeUserAgent } from './user-agent';

/** One row of Settings → devices; never the token hash. */
export function toSessionDto(row: SessionRow, currentSessionId: number): SessionDto {
  const { browser, system } = describeUserAgent(row.userAgent);
  return {
    id: row.id,
    browser,
    system,
    address: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

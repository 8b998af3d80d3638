import { endpoints } from '../../../contract/api';
import type { ArchiveDto } from '../../../contract/archives';
import { buildPath } from '../../../contract/endpoint-path';
import type { ArchiveRow } from './archives.repo';

export function toArchiveDto(row: ArchiveRow): ArchiveDto {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: ready ? (row.expiresAt?.toISOString() ?? null) : null,
    size: ready ? row.size : null,
    downloadUrl: ready ? buildPath(endpoints.downloadArchive.path, { id: row.id }) : null,
  };
}

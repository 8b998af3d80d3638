// Without zod: the client's Settings, profile and admin screens format sizes and messages with it.

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** "120 MB", "1 GB", "1.5 GB", "800 KB": binary units, as disks are sold in software. */
export function formatStorageSize(bytes: number): string {
  const one = (n: number) => (Number.isInteger(Math.round(n * 10) / 10) ? String(Math.round(n)) : (Math.round(n * 10) / 10).toFixed(1));
  if (bytes >= GB) return `${one(bytes / GB)} GB`;
  if (bytes >= MB) return `${Math.round(bytes / MB)} MB`;
  if (bytes >= KB) return `${Math.round(bytes / KB)} KB`;
  return `${bytes} bytes`;
}

/** What a member is told about their storage (Settings, the upload dialog, notifications). */
export const storageMessages = {
  full: (quotaBytes: number) => `Your storage is full (${formatStorageSize(quotaBytes)}). Delete some files to upload more.`,
  almostFull: (usedBytes: number, quotaBytes: number) =>
    `You have used 90% of your storage (${formatStorageSize(usedBytes)} of ${formatStorageSize(quotaBytes)}). Delete some files to keep uploading.`,
  memberFull: (member: string, folder: string) => `${member} could not upload to “${folder}”: their storage is full.`,
  quotaSaved: 'Storage quota saved',
} as const;

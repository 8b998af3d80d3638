import type { QueryClient } from '@tanstack/react-query';
import type { FileDto } from '@contract/files';
import { normalizeTags, TAGS_PER_FILE } from '@contract/file-rules';
import { toast } from '@/components/ui/use-toast';
import { withRetryAfter } from '@/lib/api';
import { call } from '@/lib/call';
import { refreshFileLists } from './file-queries';

export const AUTO_TAG_DELAY_MS = 1000;

/**
 * Automatic tagging: 1 s after an image uploads, ask the server for tags. The server
 * answers what recognition found for the file (its `file.uploaded` job may have merged them into
 * the file's tags already, so they are saved again only when some are missing); with none, a toast
 * says so, which is then true; a failure says tags can still be added by hand. `setLoading`
 * drives the item's loading flag; `quietFailure` only logs a failure (folder uploads).
 */
export function scheduleAutoTag(file: Pick<FileDto, 'id' | 'tags'>, client: QueryClient, setLoading: (loading: boolean) => void, { quietFailure = false } = {}): void {
  window.setTimeout(async () => {
    setLoading(true);
    try {
      const result = await withRetryAfter(() => call('analyzeFileTags', { params: { id: file.id } }));
      const suggested = result?.suggestedTags ?? [];
      if (suggested.length > 0) {
        const current = await call('getFile', { params: { id: file.id } });
        const have = new Set(current?.tags ?? file.tags);
        if (suggested.some((t) => !have.has(t))) {
          const tags = normalizeTags([...(current?.tags ?? file.tags), ...suggested]).slice(0, TAGS_PER_FILE);
          await call('updateFileTags', { params: { id: file.id }, body: { tags } });
        }
        void refreshFileLists(client);
      } else {
        toast({ title: 'AI Analysis Complete', description: result?.message || 'No relevant tags found for this image.' });
      }
    } catch (error) {
      // In the folder upload flow a tagging failure is only logged.
      if (quietFailure) return console.warn('Automatic tagging failed', error);
      toast({ title: 'Analysis Failed', description: 'Could not analyze image for tags. You can still add tags manually.', variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  }, AUTO_TAG_DELAY_MS);
}

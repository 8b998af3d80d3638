import type { QueryClient } from '@tanstack/react-query';
import { normalizeTags, TAGS_PER_FILE, type FileDto } from '@contract/files';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { refreshFileLists } from './file-queries';

export const AUTO_TAG_DELAY_MS = 1000;

interface AnalyzeResult {
  suggestedTags: string[];
  message: string;
}

/**
 * Automatic tagging (spec 2 §4): 1 s after an image uploads, ask the server for tags. With
 * suggestions they are added to the file's tags quietly; with none, a toast says so; a
 * failure says tags can still be added by hand. `setLoading` drives the item's loading flag.
 */
export function scheduleAutoTag(file: Pick<FileDto, 'id' | 'tags'>, client: QueryClient, setLoading: (loading: boolean) => void): void {
  window.setTimeout(async () => {
    setLoading(true);
    try {
      const result = await apiRequest<AnalyzeResult>('POST', `/api/files/${file.id}/analyze-tags`);
      const suggested = result?.suggestedTags ?? [];
      if (suggested.length > 0) {
        const tags = normalizeTags([...file.tags, ...suggested]).slice(0, TAGS_PER_FILE);
        await apiRequest('PATCH', `/api/files/${file.id}/tags`, { tags });
        void refreshFileLists(client);
      } else {
        toast({ title: 'AI Analysis Complete', description: result?.message || 'No relevant tags found for this image.' });
      }
    } catch {
      toast({ title: 'Analysis Failed', description: 'Could not analyze image for tags. You can still add tags manually.', variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  }, AUTO_TAG_DELAY_MS);
}

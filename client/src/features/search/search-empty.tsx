import { Compass, SearchX } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function NoResults() {
  return <EmptyState icon={SearchX} title="No results found" text="Try different keywords or adjust your filters." />;
}

export function NoFilesAvailable() {
  return <EmptyState icon={Compass} title="No files available" text="Be the first to upload something!" />;
}

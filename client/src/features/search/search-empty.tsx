import { Compass, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';

function EmptyState({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center px-4 py-20 text-center sm:py-24">
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground shadow-sm">{icon}</span>
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      <p className="mt-2 max-w-sm text-muted-foreground">{text}</p>
    </div>
  );
}

export function NoResults() {
  return <EmptyState icon={<SearchX className="size-8" aria-hidden />} title="No results found" text="Try different keywords or adjust your filters." />;
}

export function NoFilesAvailable() {
  return <EmptyState icon={<Compass className="size-8" aria-hidden />} title="No files available" text="Be the first to upload something!" />;
}

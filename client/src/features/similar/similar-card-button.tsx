import { ScanSearch } from 'lucide-react';
import { Link } from 'wouter';
import type { FileDto } from '@contract/files';
import { similarStrings } from '@contract/similar-strings';
import { screens } from '@contract/screens';

/** The image card's "Similar to this" action (decision 024): opens /search?similar={id}. */
export function SimilarCardButton({ file }: { file: Pick<FileDto, 'id' | 'name'> }) {
  return (
    <Link
      href={screens.search({ similar: file.id })}
      onClick={(event) => event.stopPropagation()}
      aria-label={`${similarStrings.action}: ${file.name}`}
      title={similarStrings.action}
      // The look of the card's Save button beside it.
      className="inline-flex size-9 cursor-pointer items-center justify-center rounded-full bg-white/90 text-zinc-900 shadow-md backdrop-blur transition hover:scale-105 hover:bg-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
    >
      <ScanSearch className="size-4" aria-hidden />
    </Link>
  );
}

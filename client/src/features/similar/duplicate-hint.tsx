import { Copy } from 'lucide-react';
import { Link } from 'wouter';
import { similarStrings } from '@contract/similar-strings';
import { screens } from '@contract/screens';
import { toast } from '@/components/ui/use-toast';

type Original = { id: number; name: string };

function OriginalLink({ original }: { original: Original }) {
  return (
    <Link href={screens.file(original.id)} className="font-medium underline underline-offset-2 hover:text-foreground">
      {original.name}
    </Link>
  );
}

/** Under an uploaded item in the upload dialog: the member's own earlier file it looks like. */
export function DuplicateHint({ original }: { original: Original }) {
  return (
    <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-accent/60 px-2.5 py-1.5 text-xs text-accent-foreground" data-testid="duplicate-hint">
      <Copy className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>
        {similarStrings.duplicateHint}: <OriginalLink original={original} />
      </span>
    </p>
  );
}

/** The same hint as a toast, which stays when the upload card has closed (it closes 2 s after a run). */
export function showDuplicateHint(original: Original): void {
  toast({ title: similarStrings.duplicateHint, description: <OriginalLink original={original} /> });
}

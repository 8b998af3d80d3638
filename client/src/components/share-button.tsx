import { Link2, Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';

/** A phone (a touch screen with a share sheet): Share opens the sheet; elsewhere it copies the link. */
function hasShareSheet(): boolean {
  return typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * Share for a file, folder or profile: its public address (what a visitor opens, what a chat app
 * previews) through the phone's share sheet, or "Copy link" on a computer (docs/decisions/031).
 */
export function ShareButton({ path, title, className, size = 'sm' }: { path: string; title: string; className?: string; size?: 'sm' | 'default' }) {
  const sheet = hasShareSheet();
  async function share() {
    const url = new URL(path, window.location.origin).href;
    if (sheet) {
      // Closing the sheet rejects: nothing to say.
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied', description: 'Link copied to the clipboard.' });
    } catch {
      toast({ title: 'Copy failed', description: url, variant: 'destructive' });
    }
  }
  return (
    <Button type="button" variant="outline" size={size} onClick={() => void share()} className={cn('rounded-full', className)}>
      {sheet ? <Share2 aria-hidden /> : <Link2 aria-hidden />}
      {sheet ? 'Share' : 'Copy link'}
    </Button>
  );
}

import { MailCheck } from 'lucide-react';
import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';

/** Shown instead of signing in when a waitlist application was received (`202 {waitlisted}`). */
export function WaitlistedNotice({ message }: { message: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-muted/40 px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-gradient text-white shadow-md">
        <MailCheck className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">Application received</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{message}</p>
      <Button asChild variant="outline">
        <Link href={screens.home()}>Back to Home</Link>
      </Button>
    </div>
  );
}

import { ArrowLeft, UserX } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** An unknown member (spec 2 §2, §8). */
export function UserNotFound() {
  return (
    <div className="flex flex-col items-center px-4 py-24 text-center">
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <UserX className="size-8" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold tracking-tight">User Not Found</h1>
      <p className="mt-2 max-w-md text-muted-foreground">The user you're looking for doesn't exist.</p>
      <Button asChild className="mt-6">
        <Link href="/"><ArrowLeft aria-hidden />Back to Home</Link>
      </Button>
    </div>
  );
}

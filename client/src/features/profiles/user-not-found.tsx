import { ArrowLeft, UserX } from 'lucide-react';
import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** An unknown member. */
export function UserNotFound() {
  return (
    <EmptyState icon={UserX} tone="muted" heading="h1" title="User Not Found" text="The user you're looking for doesn't exist." className="py-24">
      <Button asChild>
        <Link href={screens.home()}><ArrowLeft aria-hidden />Back to Home</Link>
      </Button>
    </EmptyState>
  );
}

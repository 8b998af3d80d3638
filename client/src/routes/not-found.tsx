import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { HomeBrandLink } from '@/features/visitor/page-shell';
import { useDocumentTitle } from '@/lib/document-title';

/** Shown for any path the route table does not know. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center px-4 sm:px-6">
        <HomeBrandLink />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-24">
        <div className="max-w-md text-center">
          <p className="text-brand-gradient text-7xl font-bold tracking-tight sm:text-8xl">
            404
          </p>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">Page not found</h1>
          <p className="mt-3 text-pretty text-muted-foreground">
            This page may have moved, been made private, or never existed. Let&rsquo;s get you back to something
            worth looking at.
          </p>
          <Button asChild size="lg" className="mt-8 rounded-full">
            <Link href={screens.home()}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to home
            </Link>
          </Button>
        </div>
      </main>
    </div>
  );
}

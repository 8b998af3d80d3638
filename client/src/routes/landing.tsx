import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FloatingPictures } from '@/features/visitor/floating-pictures';
import { HomeBrandLink, VisitorFooterNav } from '@/features/visitor/page-shell';
import { useAdScript } from '@/features/visitor/use-ad-script';
import { useDocumentTitle } from '@/lib/document-title';

/** The signed-out home page. */
export function LandingPage() {
  useDocumentTitle(null);
  useAdScript();

  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden bg-background text-foreground">
      <FloatingPictures />

      <header className="relative z-10">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:h-20 sm:px-8">
          <HomeBrandLink />
          <Button asChild variant="outline" className="bg-background/80 backdrop-blur">
            <Link href={screens.auth({ tab: 'login' })}>Login</Link>
          </Button>
        </div>
      </header>

      <main className="relative z-10 flex flex-1 items-center justify-center px-4 py-16 sm:px-8">
        {/* On a phone the text spans the screen: a frosted panel keeps the pictures behind it, not over it. */}
        <div className="mx-auto max-w-2xl text-center max-sm:rounded-3xl max-sm:bg-background/85 max-sm:px-5 max-sm:py-8 max-sm:shadow-sm max-sm:backdrop-blur-md">
          <p className="mx-auto mb-6 inline-flex items-center gap-2 rounded-full border border-border bg-background/80 px-3.5 py-1 text-xs font-medium uppercase tracking-[0.14em] text-muted-foreground backdrop-blur">
            Share · Discover · Connect
          </p>
          <h1 className="text-balance text-4xl font-semibold tracking-tight sm:text-6xl">
            Where creativity meets community
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-pretty text-lg leading-relaxed text-muted-foreground sm:text-xl">
            Kaleido is a visual platform to share, discover and connect through beautiful content.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className="h-12 w-full rounded-full px-8 text-base sm:w-auto">
              <Link href={screens.auth({ tab: 'register' })}>
                Get Started
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </main>

      <footer className="relative z-10 px-4 pb-8 pt-4">
        <VisitorFooterNav className="mx-auto w-fit rounded-full border border-border bg-background/85 px-5 py-2 shadow-sm backdrop-blur max-sm:bg-background/95 max-sm:backdrop-blur-md" />
      </footer>
    </div>
  );
}

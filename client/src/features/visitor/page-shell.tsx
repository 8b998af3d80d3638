import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/logo';

const footerLinks = [
  { href: screens.about(), label: 'About' },
  { href: screens.contact(), label: 'Contact' },
  { href: screens.policy(), label: 'Privacy & Policy' },
] as const;

/** The About / Contact / Privacy & Policy links shared by every visitor page. */
export function VisitorFooterNav({ className = '' }: { className?: string }) {
  return (
    <nav aria-label="Footer" className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm">
        {footerLinks.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="rounded-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Link to the landing page wrapping the brand mark, used in visitor headers. */
export function HomeBrandLink() {
  return (
    <Link
      href={screens.home()}
      aria-label="Kaleido home"
      className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <Logo />
    </Link>
  );
}

interface VisitorPageShellProps {
  children: ReactNode;
  /** `prose` for reading pages, `wide` for pages with a grid. */
  width?: 'prose' | 'wide';
}

/** Header with the brand and a way home, a centred content column and the footer links. */
export function VisitorPageShell({ children, width = 'prose' }: VisitorPageShellProps) {
  const maxWidth = width === 'prose' ? 'max-w-3xl' : 'max-w-5xl';
  // Client-side navigation keeps the previous page's scroll offset; a new page starts at its top
  // unless the address points at a section.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, []);
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-border bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <HomeBrandLink />
          <Button asChild variant="ghost" size="sm">
            <Link href={screens.home()}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={`mx-auto w-full flex-1 px-4 py-10 focus:outline-none sm:px-6 sm:py-16 ${maxWidth}`}>
        {children}
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto flex w-full max-w-5xl flex-col items-center gap-4 px-4 py-8 sm:flex-row sm:justify-between sm:px-6">
          <p className="text-sm text-muted-foreground">© {new Date().getFullYear()} Kaleido</p>
          <VisitorFooterNav />
        </div>
      </footer>
    </div>
  );
}

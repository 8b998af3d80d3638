import type { ReactNode } from 'react';
import X from 'lucide-react/icons/x';
import { themeColors } from '../../../../contract/app-theme';
import { pageTitle } from '../../../../contract/page-titles';
import { publicPageMessages as m } from '../../../../contract/public-pages';
import { screens } from '../../../../contract/screens';
import { buttonVariants } from '@/components/ui/button';
import { LogoMark } from '@/components/logo';
import { cn } from '@/lib/utils';
import { HeadTagList, type HeadTags } from './head-tags';
import { authLink } from './parts';

/** The built client's stylesheets and the page's own preloads. */
export type PageAssets = { stylesheets: readonly string[] };

/** What every visitor page is made of. */
export type DocumentProps = {
  assets: PageAssets;
  /** The page's path, where sign-in and sign-up come back to. */
  path: string;
  /** Full tags for a public page; a title alone (and noindex) for the not-found page. */
  head: HeadTags | { title: string };
  children: ReactNode;
};

function Header({ path }: { path: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-[1600px] items-center gap-2 px-3 sm:px-6">
        <a href={screens.home()} aria-label="Kaleido home" className="inline-flex shrink-0 items-center gap-2 rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <LogoMark className="size-8" />
          <span className="text-brand-gradient hidden text-xl font-bold tracking-tight sm:inline">Kaleido</span>
        </a>
        <nav aria-label="Account" className="ml-auto flex items-center gap-2">
          <a href={authLink('login', path)} className={cn(buttonVariants({ variant: 'ghost' }), 'rounded-full')}>
            {m.logIn}
          </a>
          <a href={authLink('register', path)} className={cn(buttonVariants({ variant: 'brand' }), 'rounded-full')}>
            {m.signUp}
          </a>
        </nav>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className="mt-16 border-t border-border/70">
      <nav aria-label="About Kaleido" className="mx-auto flex max-w-[1600px] flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-8 text-sm text-muted-foreground">
        <a href={screens.about()} className="hover:text-foreground">About</a>
        <a href={screens.contact()} className="hover:text-foreground">Contact</a>
        <a href={screens.policy()} className="hover:text-foreground">Privacy &amp; Policy</a>
      </nav>
    </footer>
  );
}

/**
 * The sign-up ask a visitor sees after scrolling far (client/public/visitor-page.js opens it once
 * a visit): closable at once, so the page they were sent to always stays readable.
 */
function SignUpAsk({ path }: { path: string }) {
  return (
    <dialog id="signup-ask" aria-labelledby="signup-ask-title" className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/60 backdrop:backdrop-blur-sm">
      <div className="relative space-y-4 p-6 text-center sm:p-8">
        <form method="dialog" className="absolute top-3 right-3">
          <button type="submit" aria-label={m.notNow} className={cn(buttonVariants({ variant: 'ghost', size: 'icon-sm' }), 'rounded-full')}>
            <X aria-hidden />
          </button>
        </form>
        <LogoMark className="mx-auto size-12" />
        <h2 id="signup-ask-title" className="text-2xl font-bold tracking-tight">{m.askTitle}</h2>
        <p className="text-muted-foreground">{m.askText}</p>
        <div className="grid gap-2 pt-2">
          <a href={authLink('register', path)} className={cn(buttonVariants({ variant: 'brand', size: 'lg' }), 'w-full rounded-full')}>
            {m.signUp}
          </a>
          <a href={authLink('login', path)} className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full rounded-full')}>
            {m.logIn}
          </a>
        </div>
        <form method="dialog">
          <button type="submit" className="cursor-pointer text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">{m.notNow}</button>
        </form>
      </div>
    </dialog>
  );
}

/**
 * A whole visitor page as the server sends it: a head complete without JavaScript, the app's own
 * stylesheet and theme script, a header with Log In and Sign Up, the page, the footer, and the
 * sign-up ask. The only script is the small visitor-page.js (share, the ask), loaded deferred.
 */
export function VisitorDocument({ assets, path, head, children }: DocumentProps) {
  const full = 'url' in head;
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="color-scheme" content="light dark" />
        {full ? <HeadTagList tags={head} /> : <><title>{pageTitle(head.title)}</title><meta name="robots" content="noindex" /></>}
        <meta name="theme-color" content={themeColors.light} media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content={themeColors.dark} media="(prefers-color-scheme: dark)" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <script src="/theme-init.js" />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <script src="/visitor-page.js" defer />
      </head>
      <body>
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-background focus:px-3 focus:py-2">
          Skip to content
        </a>
        <Header path={path} />
        <main id="main">{children}</main>
        <Footer />
        <SignUpAsk path={path} />
      </body>
    </html>
  );
}

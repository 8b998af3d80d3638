import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { screens, type AuthTab } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Logo } from '@/components/logo';
import { AuthSlideshow } from '@/features/auth/auth-slideshow';
import { LoginForm } from '@/features/auth/login-form';
import { RegisterForm } from '@/features/auth/register-form';
import { SsoButton, SsoOutcomeNotice } from '@/features/auth/sso-sign-in';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { rememberReturnPath } from '@/lib/return-path';

/** `?tab=login` opens Login; any other value, or none, opens Sign Up. */
export function tabFromSearch(search: string): AuthTab {
  return new URLSearchParams(search).get('tab') === 'login' ? 'login' : 'register';
}

const headings: Record<AuthTab, { title: string; text: string }> = {
  login: { title: 'Welcome back', text: 'Sign in to continue to your collection' },
  register: { title: 'Join Kaleido', text: 'Create your account to start sharing files' },
};

export function AuthPage() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const tab = tabFromSearch(search);
  useDocumentTitle(tab === 'login' ? 'Log In' : 'Sign Up');
  // `?next=`: a visitor sent here from a page (a public file, a member-only link) goes back there
  // once signed in or signed up; kept for the tab, across the Login / Sign Up switch.
  const next = new URLSearchParams(search).get('next');
  useEffect(() => {
    if (next) rememberReturnPath(next);
  }, [next]);

  if (user) return <Redirect to={screens.home()} />;

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <div className="flex flex-col px-4 py-5 sm:px-8 lg:px-12">
        <header className="flex items-center justify-between gap-3">
          <Button asChild variant="ghost" size="sm" className="-ml-2 text-muted-foreground">
            <Link href={screens.home()}><ArrowLeft aria-hidden />Back to Home</Link>
          </Button>
          <Link href={screens.home()} aria-label="Kaleido home" className="rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <Logo markClassName="size-7" />
          </Link>
        </header>
        <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <div className="mb-8">
            <h1 className="text-3xl font-bold tracking-tight">{headings[tab].title}</h1>
            <p className="mt-2 text-muted-foreground">{headings[tab].text}</p>
          </div>
          <SsoOutcomeNotice outcome={new URLSearchParams(search).get('sso')} />
          <Tabs value={tab} onValueChange={(value) => navigate(screens.auth({ tab: value as AuthTab, next: next ?? undefined }), { replace: true })}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm />
            </TabsContent>
          </Tabs>
          <div className="mt-5">
            <SsoButton />
          </div>
          <p className="mt-8 text-center text-xs text-muted-foreground">
            By continuing you agree to our{' '}
            <Link href={screens.policy()} className="underline underline-offset-2 hover:text-foreground">Privacy &amp; Policy</Link>.
          </p>
        </main>
      </div>
      <AuthSlideshow className="sticky top-0 hidden h-dvh lg:block" />
    </div>
  );
}

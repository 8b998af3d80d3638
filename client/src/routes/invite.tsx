import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '@contract/users';
import { screens } from '@contract/screens';
import { AppLayout } from '@/components/layout/app-layout';
import { Logo } from '@/components/logo';
import { Spinner } from '@/components/ui/spinner';
import { INVITE_REDIRECT_MS, inviteState } from '@/features/folders/folder-rules';
import { InviteDetails, InviteMessage, InviteShell } from '@/features/folders/invite-card';
import { useInviteActions } from '@/features/folders/use-invite-actions';
import { useInvite } from '@/features/folders/use-folders';
import { rememberReturnPath } from '@/lib/return-path';
import { useDocumentTitle } from '@/lib/document-title';

type Done = { text: string; to: string };

function InviteBody({ token, signedIn }: { token: string; signedIn: boolean }) {
  const [, navigate] = useLocation();
  const invite = useInvite(token);
  const { accept, decline } = useInviteActions(token);
  const [done, setDone] = useState<Done | null>(null);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(done.to), INVITE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (done) return <InviteMessage kind="done" text={done.text} />;
  if (invite.isPending) return <div className="flex justify-center py-24"><Spinner className="size-7" label="Loading invite" /></div>;
  if (invite.isError || !invite.data) return <InviteMessage kind="invalid" text="This invite link is invalid, has been revoked or was already used." />;
  const state = inviteState(invite.data, Date.now());
  if (state === 'expired') return <InviteMessage kind="expired" text="This invite has expired. Ask the folder owner for a new link." />;
  if (state === 'invalid') return <InviteMessage kind="invalid" text="This invite link is invalid, has been revoked or was already used." />;

  // Signed out: sign in first, then come back to this page to act.
  function requireSignIn(): boolean {
    if (signedIn) return false;
    rememberReturnPath(screens.invite(token));
    navigate(screens.auth({ tab: 'login' }));
    return true;
  }

  return (
    <InviteDetails
      invite={invite.data}
      signedIn={signedIn}
      pending={accept.isPending ? 'accept' : decline.isPending ? 'decline' : null}
      onAccept={() => !requireSignIn() && accept.mutate(undefined, { onSuccess: (answer) => setDone({ text: 'You can now open the folder. Taking you there...', to: screens.folder(answer.folderId) }) })}
      onDecline={() => !requireSignIn() && decline.mutate(undefined, { onSuccess: () => setDone({ text: 'The invite was declined. Taking you home...', to: screens.home() }) })}
    />
  );
}

function VisitorFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex h-16 max-w-5xl items-center px-4 sm:px-6">
        <Link href={screens.home()} aria-label="Kaleido home" className="rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"><Logo markClassName="size-8" /></Link>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}

/** /invite/{token}: the folder invite, signed in or out. */
export function InvitePage({ user, token }: { user: CurrentUser | null; token: string }) {
  useDocumentTitle('Folder invite');
  const body = <InviteShell><InviteBody token={token} signedIn={user !== null} /></InviteShell>;
  return user ? <AppLayout user={user}>{body}</AppLayout> : <VisitorFrame>{body}</VisitorFrame>;
}

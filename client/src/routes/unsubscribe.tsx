import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { CircleAlert, MailX } from 'lucide-react';
import { unsubscribeMessages } from '@contract/unsubscribe';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { VisitorPageShell } from '@/features/visitor/page-shell';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * /unsubscribe?token=…: the link at the foot of every notification mail. Opening it turns
 * notification emails off, signed in or not (the token is signed by the server).
 */
export function UnsubscribePage({ signedIn }: { signedIn: boolean }) {
  useDocumentTitle('Unsubscribe');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => call('unsubscribeEmails', { query: { token } }),
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    unsubscribe.mutate();
  }, [call, token]);

  const settings = (
    <Button asChild variant="outline">
      <Link href={signedIn ? screens.settings() : screens.auth({ tab: 'login' })}>{signedIn ? 'Email preferences' : 'Sign in'}</Link>
    </Button>
  );
  let body;
  if (!token || unsubscribe.isError) {
    body = <EmptyState icon={CircleAlert} tone="muted" heading="h1" title="Link not valid" text={serverMessage(unsubscribe.error, unsubscribeMessages.invalid)}>{settings}</EmptyState>;
  } else if (unsubscribe.isSuccess) {
    body = (
      <EmptyState icon={MailX} heading="h1" title="You're unsubscribed" text={unsubscribe.data.message}>
        <p className="mb-6 max-w-md text-sm text-muted-foreground">Changed your mind? Turn notification emails back on in Settings.</p>
        {settings}
      </EmptyState>
    );
  } else {
    body = <div className="flex justify-center py-24"><Spinner className="size-7" label="Unsubscribing" /></div>;
  }
  return <VisitorPageShell>{body}</VisitorPageShell>;
}

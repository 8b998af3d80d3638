import { useMutation } from '@tanstack/react-query';
import type { SessionDto } from '@contract/account-security';
import { LogOut } from 'lucide-react';
import { DeviceRow } from '@/components/device-row';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { formatWhen } from './format-when';
import { useRefreshSecurity, useSessions } from './use-security';

const PHONES = new Set(['Android', 'iPhone', 'iPad']);

function label(s: SessionDto): string {
  if (s.browser && s.system) return `${s.browser} on ${s.system}`;
  return s.browser ?? s.system ?? 'Unknown device';
}

/** Settings → Devices: every session of the account, "This device" first; end one, or all others. */
export function SessionsCard() {
  const { data: sessions = [] } = useSessions();
  const refresh = useRefreshSecurity();
  const end = useMutation({
    mutationFn: (id: number) => call('endSession', { params: { id } }),
    onSuccess: () => refresh(),
    onError: (error) => toast({ title: 'Not signed out', description: serverMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
  const endOthers = useMutation({
    mutationFn: () => call('endOtherSessions'),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Signed out everywhere else', description: 'Only this device is still signed in.' });
    },
    onError: (error) => toast({ title: 'Not signed out', description: serverMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions.filter((s) => !s.current).length;

  return (
    <div className="grid gap-4" data-testid="sessions">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-0.5">
          <h3 className="text-sm font-semibold tracking-tight">Where you're signed in</h3>
          <p className="text-xs text-muted-foreground">Sign out of any device you don't recognise, then change your password.</p>
        </div>
        <Button size="sm" variant="outline" className="shrink-0" onClick={() => endOthers.mutate()} disabled={others === 0 || endOthers.isPending}>
          <LogOut aria-hidden />
          Sign out everywhere else
        </Button>
      </div>
      <ul className="divide-y rounded-xl border">
        {ordered.map((s) => (
          <DeviceRow
            key={s.id}
            testId="session"
            phone={Boolean(s.system && PHONES.has(s.system))}
            name={label(s)}
            current={s.current}
            detail={[s.address, s.current ? 'active now' : `last seen ${formatWhen(s.lastSeenAt)}`, `signed in ${formatWhen(s.createdAt)}`].filter(Boolean).join(' · ')}
          >
            {!s.current && (
              <Button variant="ghost" size="sm" onClick={() => end.mutate(s.id)} disabled={end.isPending} aria-label={`Sign out ${label(s)}`}>
                Sign out
              </Button>
            )}
          </DeviceRow>
        ))}
      </ul>
    </div>
  );
}
